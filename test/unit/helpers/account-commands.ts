import { pageChanges } from '@/lib/background/account-changes';
import { ChecksInFlight } from '@/lib/background/checks-in-flight';

/**
 * A page's commands that change the stored accounts and settings, answered as the background
 * answers them (its own handlers, with no checks under way to stop): for page tests without a worker.
 */
export const storingAccountCommands = pageChanges(new ChecksInFlight());
