/**
 * The publisher's application key, read from the build (`WXT_APP_API_KEY`, never committed):
 * the service issues API keys to applications, so with it a user needs only their apps password.
 * Accounts that use it store no copy and name it only by `keySource: 'app'`, so a rotated key
 * reaches every account with the next version. Empty in a build without one. Read when a request
 * is made (Vite puts the build's value in place of the expression).
 */
export function appApiKey(): string {
  return (import.meta.env.WXT_APP_API_KEY ?? '').trim();
}

/** Whether this build carries an application key (the account form then offers it first). */
export const hasAppApiKey = (): boolean => appApiKey() !== '';
