// @ts-check
/**
 * The Messages view: direct messages as one thread per employee, announcements with their
 * author, likes and comments, and each channel's messages with their embeds.
 */
import { badge, byId, count, h, isSafeUrl, replace, timeElement } from './dom.js';
import { renderEmbed } from './embed.js';

/**
 * @typedef {{ id: string; name: string; email: string; phoneNumber: string; active: boolean }} Employee
 * @typedef {{ id: string; name: string; revoked: boolean }} Bot
 * @typedef {{ id: string; name: string; revoked: boolean; viewerIds: string[]; webhookUrl: string }} Channel
 * @typedef {{ id: string; chatId: string; botId: string; employeeId: string; body: string; createdAt: string }} DirectMessage
 * @typedef {{ id: string; title: string; body: string; createdAt: string; createdBy: string; likeCount: number; commentCount: number }} Announcement
 * @typedef {{ id: string; channelId: string; content?: string; username?: string; avatar_url?: string; embeds?: import('./embed.js').Embed[]; createdAt: string; via: string }} ChannelMessage
 * @typedef {{ baseUrl: string; botName: string; bots: Bot[]; employees: Employee[]; channels: Channel[];
 *   directMessages: DirectMessage[]; announcements: Announcement[]; channelMessages: ChannelMessage[] }} MessagingState
 */

/** The employee whose thread is open, kept across re-renders. @type {string | undefined} */
let openEmployee;

/**
 * @param {MessagingState} state
 * @param {() => void} rerender
 */
function threads(state, rerender) {
  const bots = new Map(state.bots.map((b) => [b.id, b.name]));
  const byEmployee = new Map(state.employees.map((e) => [e.id, /** @type {DirectMessage[]} */ ([])]));
  for (const message of state.directMessages) byEmployee.get(message.employeeId)?.push(message);
  const latest = (/** @type {Employee} */ e) => byEmployee.get(e.id)?.at(-1)?.createdAt ?? '';
  const employees = [...state.employees].sort((a, b) => latest(b).localeCompare(latest(a)));
  if (!openEmployee || !byEmployee.has(openEmployee)) openEmployee = employees.find((e) => (byEmployee.get(e.id)?.length ?? 0) > 0)?.id;
  const open = state.employees.find((e) => e.id === openEmployee);
  const list = h(
    'ul',
    { class: 'thread-list', 'aria-label': 'Employees' },
    employees.map((employee) => {
      const messages = byEmployee.get(employee.id) ?? [];
      return h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'thread-button',
            'aria-pressed': String(employee.id === openEmployee),
            dataset: { employee: employee.id },
            on: {
              click: () => {
                openEmployee = employee.id;
                rerender();
                /** @type {HTMLElement | null} */ (document.querySelector(`[data-employee="${CSS.escape(employee.id)}"]`))?.focus();
              },
            },
          },
          h('span', { class: 'thread-name' }, employee.name),
          employee.active ? null : badge('inactive', 'muted'),
          h('span', { class: 'thread-meta' }, count(messages.length, 'message')),
          messages.length > 0 ? h('span', { class: 'thread-preview' }, messages.at(-1)?.body ?? '') : null,
        ),
      );
    }),
  );
  const thread = open
    ? h(
        'section',
        { class: 'thread', 'aria-label': `Thread with ${open.name}` },
        h('h4', {}, open.name, ' ', h('span', { class: 'muted' }, `${open.email} · ${open.phoneNumber}`)),
        (byEmployee.get(open.id) ?? []).map((m) =>
          h(
            'div',
            { class: 'bubble', dataset: { message: m.id } },
            h('div', { class: 'bubble-meta' }, bots.get(m.botId) ?? 'bot', ' · ', timeElement(m.createdAt)),
            h('p', { class: 'text' }, m.body),
          ),
        ),
        (byEmployee.get(open.id) ?? []).length === 0 ? h('p', { class: 'empty' }, 'No direct messages yet.') : null,
      )
    : h('p', { class: 'empty thread' }, 'No direct messages yet.');
  return h('div', { class: 'threads' }, list, thread);
}

/** @param {Announcement[]} announcements */
function announcementList(announcements) {
  if (announcements.length === 0) return h('p', { class: 'empty' }, 'No announcements yet.');
  return [...announcements]
    .reverse()
    .map((a) =>
      h(
        'article',
        { class: 'card announcement', dataset: { announcement: a.id } },
        h('h4', { class: 'announcement-title' }, a.title),
        h('div', { class: 'meta' }, 'by ', h('strong', { class: 'announcement-author' }, a.createdBy), ' · ', timeElement(a.createdAt)),
        h('p', { class: 'text announcement-body' }, a.body),
        h('div', { class: 'meta reactions' }, `♥ ${count(a.likeCount, 'like')} · ${count(a.commentCount, 'comment')}`),
      ),
    );
}

/**
 * @param {ChannelMessage} message
 * @param {Channel} channel
 */
function channelMessage(message, channel) {
  const name = message.username || channel.name;
  const avatar = isSafeUrl(message.avatar_url)
    ? h('img', { class: 'avatar', src: message.avatar_url, alt: '', referrerpolicy: 'no-referrer' })
    : h('span', { class: 'avatar initial', 'aria-hidden': 'true' }, [...name][0]?.toUpperCase() ?? '?');
  return h(
    'article',
    { class: 'chat-message', dataset: { message: message.id } },
    avatar,
    h(
      'div',
      { class: 'chat-body' },
      h(
        'div',
        { class: 'chat-head' },
        h('strong', { class: 'chat-username' }, name),
        badge('APP', 'app'),
        timeElement(message.createdAt),
        badge(message.via === 'webhook' ? 'via webhook' : 'via channel key', 'muted'),
      ),
      message.content ? h('p', { class: 'text chat-content' }, message.content) : null,
      (message.embeds ?? []).map((embed, i) => renderEmbed(embed, i)),
    ),
  );
}

/** @param {MessagingState} state */
function channelList(state) {
  const names = new Map(state.employees.map((e) => [e.id, e.name]));
  return state.channels.map((channel) => {
    const messages = state.channelMessages.filter((m) => m.channelId === channel.id);
    return h(
      'section',
      { class: 'channel card', 'aria-label': `Channel ${channel.name}`, dataset: { channel: channel.id } },
      h('h4', {}, '# ', channel.name, ' ', channel.revoked ? badge('key revoked', 'danger') : null),
      h('p', { class: 'meta' }, 'Viewers: ', channel.viewerIds.map((id) => names.get(id) ?? id).join(', ') || 'none'),
      messages.length === 0
        ? h('p', { class: 'empty' }, 'No messages in this channel yet.')
        : messages.map((m) => channelMessage(m, channel)),
    );
  });
}

/**
 * Draws the whole Messages view from the messaging state.
 * @param {MessagingState | undefined} state
 */
export function renderMessaging(state) {
  const root = byId('messages-body');
  if (!state) return replace(root, h('p', { class: 'empty' }, 'This server serves no messaging mock.'));
  const rerender = () => renderMessaging(state);
  const counts = [
    count(state.directMessages.length, 'direct message'),
    count(state.announcements.length, 'announcement'),
    count(state.channelMessages.length, 'channel message'),
  ].join(', ');
  replace(
    root,
    h('p', { class: 'meta', id: 'messages-counts' }, counts),
    h('section', { 'aria-labelledby': 'dm-heading' }, h('h3', { id: 'dm-heading' }, 'Direct messages'), threads(state, rerender)),
    h(
      'section',
      { 'aria-labelledby': 'ann-heading' },
      h('h3', { id: 'ann-heading' }, 'Announcements'),
      announcementList(state.announcements),
    ),
    h('section', { 'aria-labelledby': 'chan-heading' }, h('h3', { id: 'chan-heading' }, 'Channels'), channelList(state)),
  );
}
