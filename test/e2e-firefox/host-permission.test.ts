import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccount,
  startSimulator,
  USER_PATH,
  type Simulator,
} from '../../testbed/simulator/simulator';
import { selfSignedCertificate } from '../../testbed/simulator/self-signed';
import {
  FIREFOX_E2E_BUILD,
  launchFirefox,
  type FirefoxSession,
} from '../../testbed/browsers/firefox';
import {
  clickButton,
  SettingsPage,
  Popup,
  waitForText,
} from '../../testbed/browsers/firefox-pages';
import { messages } from '../../testbed/browsers/chromium-pages';

// A custom https server: its host is not in the manifest (the test build declares only plain-http
// loopback), so Firefox's own permission prompt appears on Test and on Save. The simulator serves
// https with a throwaway certificate, which this browser session is told to accept.
let sim: Simulator;
let firefox: FirefoxSession;
let options: SettingsPage;
const user = demoAccount();
const t = messages('en');
/** A catalogue message with its $1, $2… filled in. */
const say = (key: string, ...values: string[]) =>
  values.reduce((text, value, i) => text.replace(`$${i + 1}`, value), t(key));

beforeAll(async () => {
  sim = await startSimulator({ accounts: [user], tls: selfSignedCertificate() });
  firefox = await launchFirefox({ install: { dir: FIREFOX_E2E_BUILD }, acceptInsecureCerts: true });
  options = new SettingsPage(await firefox.open('options'));
  await options.openNewAccount();
  await options.fillAccount({
    baseUrl: sim.apiUrl,
    userId: user.userId,
    password: user.password,
    apiKey: user.apiKey,
    label: 'Custom',
  });
});
afterAll(async () => {
  await firefox?.close();
  await sim?.close();
});

/** Clicks a button of the form and waits for the browser's permission prompt. */
async function promptAfter(button: string) {
  // Firefox shows a tab's prompt only while that tab is the selected one.
  await options.page.bringToFront();
  await clickButton(options.page, button);
  await expect.poll(() => firefox.permissionPrompt(), { timeout: 10_000 }).toBeDefined();
  return (await firefox.permissionPrompt())!;
}

const granted = () =>
  firefox.inExtension(async () => (await chrome.permissions.getAll()).origins ?? []);
const refusal = (...servers: string[]) => say('permissionRefused', servers.join(', '));

describe("7. host permission for a custom https server (Firefox's prompt)", () => {
  it('Test connection: the prompt names the server; refusing sends nothing and says so', async () => {
    expect(sim.apiUrl).toMatch(/^https:\/\/127\.0\.0\.1:/);
    const prompt = await promptAfter(t('testConnection'));
    expect(prompt.text).toContain('Storage Keeper requests additional');
    expect(prompt.text).toContain('127.0.0.1');
    expect(prompt.text).not.toContain('localhost');
    expect(sim.requests).toEqual([]);
    await firefox.answerPermissionPrompt(prompt.deny);
    await waitForText(options.page, refusal(sim.apiUrl), '::-p-aria([role="alert"])');
    expect(sim.requests).toEqual([]);
    expect(await granted()).not.toContain('https://127.0.0.1/*');
  });

  it('Test connection: allowing lets getUser go out; the node is not contacted before it is allowed', async () => {
    const prompt = await promptAfter(t('testConnection'));
    await firefox.answerPermissionPrompt(prompt.allow);
    const result = await waitForText(
      options.page,
      say('failurePermissionMissing', sim.nodeUrl),
      '.form-status',
    );
    expect(result).toContain(say('testUserOk', user.userId, sim.nodeHost));
    expect(sim.requests).toMatchObject([
      { server: 'api', path: USER_PATH, userId: user.userId, password: user.password, status: 200 },
    ]);
    expect(await granted()).toContain('https://127.0.0.1/*');
  });

  it('Save: the prompt asks for the node; refusing saves nothing and says so', async () => {
    const prompt = await promptAfter(t('save'));
    expect(prompt.text).toContain('localhost');
    await firefox.answerPermissionPrompt(prompt.deny);
    await waitForText(options.page, refusal(sim.apiUrl, sim.nodeUrl), '::-p-aria([role="alert"])');
    const popup = await firefox.open('popup');
    await popup.waitForSelector(
      `::-p-aria([name=${JSON.stringify(t('welcomeSetUp'))}][role="button"])`,
    );
    await popup.close();
    expect(sim.requests.filter((r) => r.server === 'node')).toEqual([]);
  });

  it('Save: allowing saves the account, and its figures come from the https node', async () => {
    const prompt = await promptAfter(t('save'));
    await firefox.answerPermissionPrompt(prompt.allow);
    await waitForText(options.page, 'Custom', '.account-list');
    expect(await granted()).toEqual(
      expect.arrayContaining(['https://127.0.0.1/*', 'https://localhost/*']),
    );
    const popup = new Popup(await firefox.open('popup'));
    await waitForText(popup.page, '12.3 GB of 28 GB used', popup.card('Custom'));
    expect(sim.requests.filter((r) => r.server === 'node').at(-1)).toMatchObject({
      userId: user.userId,
      status: 200,
    });
    await popup.page.close();
  });
});
