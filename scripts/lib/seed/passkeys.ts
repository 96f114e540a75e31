// The demo's passkeys (issue 25): Amara signs in with her iPhone's passkey and has renamed her
// laptop's, so Settings > Passkeys, Signed-in devices ("With a passkey") and the Audit log (every
// passkey kind) show the feature. All go through the real ceremonies, answered by the software
// authenticator the worker tests use; its private keys live only in this run, so these passkeys
// sign nobody in later. To try passkeys yourself, add one in a browser (README).
import { PasskeyAuthenticationInputSchema, PasskeyRegistrationInputSchema } from '../../../src/shared/schemas/passkeys';
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from '../../../src/worker/modules/auth/passkeys';
import { AppError } from '../../../src/worker/platform/app-error';
import { relyingParty } from '../../../src/worker/platform/app-origin';
import type { RequestMeta } from '../../../src/worker/platform/request-actor';
import { SoftwareAuthenticator } from '../software-authenticator';
import { DEMO_USER_AGENT, type Seed } from './context';

/** The demo member with passkeys (README's seeded-data table says so). */
export const PASSKEY_MEMBER = 'amara@club.example';

const IPHONE: RequestMeta = {
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};
const LAPTOP: RequestMeta = { ip: '127.0.0.1', userAgent: DEMO_USER_AGENT };

/** "Add a passkey" in Settings on `meta`'s device, `daysAgo` days ago; `name` as she typed it, else the device's. */
async function addPasskey(seed: Seed, email: string, daysAgo: number, meta: RequestMeta, name?: string) {
  const deps = seed.at(seed.when(-daysAgo));
  const me = await seed.member(email);
  const rp = relyingParty(seed.env);
  const authenticator = await SoftwareAuthenticator.create({ origin: rp.origins[0]!, rpId: rp.id });
  // Adding one asks for her password first (issue 45).
  const { options, token } = await passkeyRegistrationOptions(deps, me, { password: seed.opts.demoPassword });
  const response = await authenticator.register(options);
  const added = await registerPasskey(deps, me, meta, token, PasskeyRegistrationInputSchema.parse({ response, name }));
  return { authenticator, id: added.id };
}

/** "Sign in with a passkey" on the login page, at `time`; `counter` overrides what the authenticator reports. */
async function signIn(seed: Seed, authenticator: SoftwareAuthenticator, time: number, meta: RequestMeta, counter?: number) {
  const deps = seed.at(time);
  const { options, token } = await passkeyAuthenticationOptions(deps, meta);
  const response = await authenticator.assert(options, counter === undefined ? {} : { counter });
  await signInWithPasskey(deps, meta, token, PasskeyAuthenticationInputSchema.parse({ response }));
}

/**
 * Amara's year with passkeys, in the order of the story, so the Audit log holds an entry of every
 * passkey kind: her old iPhone's passkey signs her in, a copy of it restored from an old backup is
 * refused (its counter went back) and she removes that passkey; her new iPhone's signs her in,
 * today too; she renames her laptop's.
 */
export async function seedPasskeys(seed: Seed): Promise<void> {
  const old = await addPasskey(seed, PASSKEY_MEMBER, 200, IPHONE, 'Old iPhone');
  await signIn(seed, old.authenticator, seed.when(-100), IPHONE);
  await signIn(seed, old.authenticator, seed.when(-45), IPHONE);
  // The restored copy presents the counter of its backup: refused, and audited.
  await signIn(seed, old.authenticator, seed.when(-40), IPHONE, 1).then(
    () => {
      throw new Error('The seed expected the passkey with a counter gone back to be refused.');
    },
    (err: unknown) => {
      if (!(err instanceof AppError) || err.code !== 'BAD_REQUEST') throw err;
    },
  );
  await removePasskey(seed.at(seed.when(-31)), await seed.member(PASSKEY_MEMBER), { id: old.id, password: seed.opts.demoPassword });

  const phone = await addPasskey(seed, PASSKEY_MEMBER, 30, IPHONE);
  await signIn(seed, phone.authenticator, seed.when(-12), IPHONE);
  const laptop = await addPasskey(seed, PASSKEY_MEMBER, 6, LAPTOP);
  await renamePasskey(seed.at(seed.when(-6, 0, 2)), await seed.member(PASSKEY_MEMBER), { id: laptop.id, name: 'Work laptop' });
  // Her phone's session of today: Signed-in devices says it began with a passkey.
  await signIn(seed, phone.authenticator, seed.when(0, -3), IPHONE);
}
