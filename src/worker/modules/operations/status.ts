import type { Actor } from '../../platform/actor';
import { BUILD_VERSION, type BuildVersion } from '../../platform/build-version';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { waitingDeadLetterCount } from './dead-letters';

export interface OperationsStatus {
  version: BuildVersion;
  /** Queue messages that used up their retries and wait for an admin (the dashboard warns). */
  dead_letters_waiting: number;
}

/** What the admin dashboard shows of the running club (issue 44): the build, and what waits for her. */
export async function operationsStatus(deps: Deps, actor: Actor): Promise<OperationsStatus> {
  requireAdmin(actor);
  return { version: BUILD_VERSION, dead_letters_waiting: await waitingDeadLetterCount(deps) };
}
