import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceApi } from '@/lib/service/client';
import { accountDraftSchema, fieldErrors, type AccountDraft } from '@/lib/input/form-schemas';
import { demoAccount } from '../../../../testbed/simulator/simulator';
import { backgroundSuite } from '../../helpers/harness';

const NOW = Date.UTC(2026, 10, 21);
const SPACED_PASSWORD = '  apps pass  ';
const { sim } = backgroundSuite({
  users: [demoAccount({ password: SPACED_PASSWORD }, NOW)],
  clockStartsAt: NOW,
});
let typed: AccountDraft;

beforeAll(() => {
  typed = {
    label: '',
    baseUrl: sim().apiUrl,
    userId: 'demo-user',
    password: SPACED_PASSWORD,
    apiKey: 'demo-api-key/+=',
    keyForm: 'header',
    keySource: 'own',
    notifications: true,
  };
});

const errors = (draft: AccountDraft) => {
  const parsed = accountDraftSchema.safeParse(draft);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('an account as typed in the options', () => {
  it('keeps the apps password exactly, spaces included, up to the service', async () => {
    const draft = accountDraftSchema.parse(typed);
    expect(draft.password).toBe(SPACED_PASSWORD);
    const result = await createServiceApi().getUser(draft);
    expect(result.ok).toBe(true);
    expect(sim().requests.at(-1)).toMatchObject({ userId: 'demo-user', password: SPACED_PASSWORD });
  });

  it.each(['キー', 'key\nmore', 'key\u0007'])(
    'refuses the header-form API key %j with its own message',
    (apiKey) => {
      expect(errors({ ...typed, apiKey })).toEqual({ apiKey: 'errorApiKeyHeader' });
    },
  );

  it('takes the same keys in address form, where they are percent-encoded', () => {
    expect(errors({ ...typed, apiKey: 'キー', keyForm: 'matrix' })).toEqual({});
  });

  it('trims a pasted key before judging it', () => {
    expect(accountDraftSchema.parse({ ...typed, apiKey: '  key-1\n' }).apiKey).toBe('key-1');
  });
});
