import type { Actor } from '../../platform/actor';
import { BUILD_VERSION, type BuildVersion } from '../../platform/build-version';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';

export interface OperationsStatus {
  version: BuildVersion;
}

/** What the admin dashboard shows of the running club (issue 44): the build it runs. */
export async function operationsStatus(_deps: Deps, actor: Actor): Promise<OperationsStatus> {
  requireAdmin(actor);
  return { version: BUILD_VERSION };
}
