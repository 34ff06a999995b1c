import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Failure } from '@/lib/service/failures';
import { describeFailure } from '@/lib/service/failure-words';
import { installFakeExtensionApis } from './helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe('failure text', () => {
  it.each<[Failure, RegExp]>([
    [{ kind: 'not-configured', missing: ['baseUrl'] }, /^The server address cannot be used/],
    [{ kind: 'not-configured', missing: ['baseUrl', 'apiKey'] }, /^This account is not set up completely/],
    [{ kind: 'not-configured', missing: ['userId', 'password', 'apiKey'] }, /^This account is not set up completely/],
    // An account imported without its secrets: exactly what it needs.
    [{ kind: 'not-configured', missing: ['password', 'apiKey'] }, /^This account needs its apps password and API key: enter them in the options\. Until then nothing is sent/],
    [{ kind: 'not-configured', missing: ['password'] }, /^This account needs its apps password: enter it/],
    [{ kind: 'not-configured', missing: ['apiKey'] }, /^This account needs its API key: enter it/],
    [{ kind: 'api-key-unsendable' }, /^The API key contains a character that cannot be sent in a request header/],
  ])('names %j and sends the user to the options', (failure, message) => {
    expect(describeFailure(failure)).toEqual({ message: expect.stringMatching(message), remedy: 'options' });
  });
});

describe('what was wrong with an answer, in the user’s language', () => {
  it.each<[Failure, string, string]>([
    [{ kind: 'invalid-response', reason: 'html' }, 'a web page instead of data', 'データではなくウェブページが返されました'],
    [{ kind: 'invalid-response', reason: 'missing-field', field: 'node' }, 'the field node is missing', '項目 node がありません'],
    [{ kind: 'invalid-response', reason: 'too-large' }, 'the answer was larger than 1 MiB', '応答が 1 MiB を超えています'],
    // A reason an older version stored as English text.
    [{ kind: 'invalid-response', reason: 'malformed JSON' as never }, 'an unexpected answer', '想定外の応答です'],
  ])('%j', (failure, en, ja) => {
    installFakeExtensionApis({ locale: 'en' });
    expect(describeFailure(failure).message).toContain(`(${en})`);
    installFakeExtensionApis({ locale: 'ja' });
    expect(describeFailure(failure).message).toContain(`(${ja})`);
  });
});
