/**
 * The members of a direct message's `to`, without zod: the entries export them, and the
 * direct message schema (`schemas.ts`) is built with them.
 */

/**
 * The members of a direct message's `to`, of which it holds exactly one.
 * @example
 * ```ts
 * const form: Partial<Record<(typeof RECIPIENT_KEYS)[number], string>> = { email: 'ana@example.com' };
 * const given = RECIPIENT_KEYS.filter((key) => form[key]); // ['email']: must be exactly one
 * ```
 */
export const RECIPIENT_KEYS = ['userId', 'phoneNumber', 'email'] as const;
type RecipientKey = (typeof RECIPIENT_KEYS)[number];

/**
 * `to` of a direct message: exactly one way to find the employee, `userId` (uuid),
 * `phoneNumber` (equal to the number on file) or `email` (matched case-insensitively). A
 * second member does not compile.
 * @example
 * ```ts
 * const recipientOf = (employee: { id?: string; email: string }): Recipient =>
 *   employee.id ? { userId: employee.id } : { email: employee.email };
 * await messaging.sendDirectMessage({ to: recipientOf({ email: 'ana@example.com' }), body: 'Your shift starts at 9' });
 * ```
 */
export type Recipient = { [K in RecipientKey]: { [P in K]: string } & { [P in Exclude<RecipientKey, K>]?: never } }[RecipientKey];
