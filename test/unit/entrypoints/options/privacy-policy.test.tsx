// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { catalogue } from '../../../../testbed/catalogue';
import { installFakeExtensionApis } from '../../helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});
afterEach(cleanup);

describe('privacy policy', () => {
  it('the Settings page links the policy page, opened in a new tab', async () => {
    render(<App />);
    const link = await screen.findByRole('link', { name: catalogue('en').privacyPolicy });
    expect(link.getAttribute('href')).toBe('privacy.en.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it.each(['en', 'ja'])(
    'the %s page the catalogue names ships in the extension, in that language',
    (locale) => {
      const file = `public/${catalogue(locale).privacyPolicyPage}`;
      expect(existsSync(file), file).toBe(true);
      const html = readFileSync(file, 'utf8');
      expect(html).toContain(`<html lang="${locale}">`);
      // What is stored, where it is sent, nothing to the developers, how to delete it.
      expect(html.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(4);
    },
  );
});
