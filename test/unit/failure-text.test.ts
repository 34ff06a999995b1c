import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Failure } from '@/lib/failures';
import { describeFailure } from '@/lib/failure-text';
import { installFakeExtensionApis } from './helpers/fake-extension';

beforeEach(() => {
  fakeBrowser.reset();
  installFakeExtensionApis();
});

describe('failure text', () => {
  it.each<[Failure, RegExp]>([
    [{ kind: 'not-configured', missing: ['baseUrl'] }, /^The server address cannot be used/],
    [{ kind: 'not-configured', missing: ['baseUrl', 'apiKey'] }, /^This account is not set up completely/],
    [{ kind: 'api-key-unsendable' }, /^The API key contains a character that cannot be sent in a request header/],
  ])('names %j and sends the user to the options', (failure, message) => {
    expect(describeFailure(failure)).toEqual({ message: expect.stringMatching(message), remedy: 'options' });
  });
});
