/** The console commands: sign-in links to the merchant console. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { command, required, UsageError } from './command.ts';

/** The sign-in link of a token: the token rides in the fragment, which browsers never send, so no server log holds it. */
export function consoleLoginUrl(apiUrl: string, token: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/console/login#t=${token}`;
}

const consoleLink = command({
  name: 'console link',
  group: 'Console',
  flags: { store: { type: 'string' }, 'base-url': { type: 'string' } },
  usage: [
    [
      'console link --store ID [--base-url URL]',
      'a sign-in link to the console for the store (single use, 15 minutes);',
      'the base URL is API_URL or the running npm start’s unless given',
    ],
  ],
  async run(options, { rt, apiUrl }) {
    const storeId = required(options, 'store');
    const base = options['base-url'] ?? apiUrl;
    if (!base) throw new UsageError('No base URL for the link: give --base-url https://… (or set API_URL: the stack output ApiUrl)');
    if (!(await rt.stores.get(storeId))) throw new RecordNotFoundError('store', storeId);
    const { token, expiresAt } = await rt.sessions.createLoginLink(storeId);
    const url = consoleLoginUrl(base, token);
    return { json: { url, expiresAt }, text: `Sign-in link for ${storeId} (single use, until ${expiresAt}):\n  ${url}` };
  },
});

/** The console commands, in the order the usage lists them. */
export const CONSOLE_COMMANDS = [consoleLink];
