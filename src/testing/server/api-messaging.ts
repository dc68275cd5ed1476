/**
 * The messaging part of the `/_mock` API: revoke a bot's or a channel's key (by id: the page
 * never sees a key), and add an employee.
 */
import type { MockRoute } from '../kit/routes.js';
import type { MessagingMock } from '../messaging/mock.js';
import type { NewEmployee } from '../messaging/records.js';
import { apiError, apiJson, readJsonObject, unknownMembers } from './api-json.js';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function text(problems: string[], name: string, value: unknown, max: number, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '') problems.push(`${name}: must be a non-empty string`);
  else if ([...value].length > max) problems.push(`${name}: at most ${max} characters`);
  else return value.trim();
  return undefined;
}

/** `{ name?, email, phoneNumber, active? }`: checked, and refused (409) when the email or number is taken. */
function checkEmployee(mock: MessagingMock, body: Record<string, unknown>): NewEmployee | Response {
  const problems = unknownMembers(body, ['name', 'email', 'phoneNumber', 'active']);
  const name = text(problems, 'name', body.name, 100, false);
  const email = text(problems, 'email', body.email, 254, true);
  const phoneNumber = text(problems, 'phoneNumber', body.phoneNumber, 32, true);
  if (email !== undefined && !EMAIL.test(email)) problems.push('email: must look like name@domain');
  if (body.active !== undefined && typeof body.active !== 'boolean') problems.push('active: must be true or false');
  if (problems.length > 0 || email === undefined || phoneNumber === undefined) return apiError(400, 'Bad employee', problems);
  const taken = mock.state.employees.find((e) => e.email.toLowerCase() === email.toLowerCase() || e.phoneNumber === phoneNumber);
  if (taken) return apiError(409, `An employee already has this ${taken.phoneNumber === phoneNumber ? 'phone number' : 'email'}`);
  return { email, phoneNumber, ...(name === undefined ? {} : { name }), ...(body.active === false ? { active: false } : {}) };
}

async function addEmployee(mock: MessagingMock, request: Request): Promise<Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const input = checkEmployee(mock, body);
  return input instanceof Response ? input : apiJson(201, { employee: mock.addEmployee(input) });
}

/** `{ bot: id }` or `{ channel: id }`. */
async function revoke(mock: MessagingMock, request: Request): Promise<Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const problems = unknownMembers(body, ['bot', 'channel']);
  const kinds = (['bot', 'channel'] as const).filter((kind) => body[kind] !== undefined);
  if (kinds.length !== 1) problems.push('give exactly one of bot (a bot id) or channel (a channel id)');
  const kind = kinds[0];
  const id = kind && body[kind];
  if (kind && typeof id !== 'string') problems.push(`${kind}: must be an id (a string)`);
  if (problems.length > 0 || !kind || typeof id !== 'string') return apiError(400, 'Bad revoke request', problems);
  const holder = kind === 'bot' ? mock.state.bots.find((b) => b.id === id) : mock.state.channels.find((c) => c.id === id);
  if (!holder) return apiError(404, `No ${kind} has the id ${id}`);
  holder.revoked = true;
  return apiJson(200, { revoked: { kind, id: holder.id, name: holder.name } });
}

export function messagingApiRoutes(mock: MessagingMock): MockRoute[] {
  const employees: MockRoute['handler'] = ({ request }) => addEmployee(mock, request);
  const revoking: MockRoute['handler'] = ({ request }) => revoke(mock, request);
  // `/_mock/employees` and `/_mock/revoke` are the names API.md gives; the messaging service
  // is the one with employees and revocable bot and channel keys.
  return [
    { method: 'POST', path: '/messaging/employees', handler: employees },
    { method: 'POST', path: '/employees', handler: employees },
    { method: 'POST', path: '/messaging/revoke', handler: revoking },
    { method: 'POST', path: '/revoke', handler: revoking },
  ];
}
