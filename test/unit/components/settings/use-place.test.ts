// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { usePlace } from '@/components/settings/use-place';
import { openSettingsPage } from '../../helpers/harness';

// Where the Settings page is, kept in its address (lib/pages/place.ts reads and writes the hash).

beforeEach(() => openSettingsPage('history'));
afterEach(cleanup);

it('starts where the address is, and follows the address when it changes', async () => {
  const { result } = renderHook(() => usePlace());
  expect(result.current[0]).toEqual({ section: 'history' });
  // As back or a link would: the browser changes the hash and says so.
  location.hash = '#accounts/edit/home';
  await waitFor(() =>
    expect(result.current[0]).toEqual({ section: 'accounts', form: 'edit', accountId: 'home' }),
  );
});

it('goes elsewhere by the address, so back returns', async () => {
  const { result } = renderHook(() => usePlace());
  await act(() => result.current[1]({ section: 'accounts', form: 'add' }));
  expect(location.hash).toBe('#accounts/add');
  expect(result.current[0]).toEqual({ section: 'accounts', form: 'add' });
});
