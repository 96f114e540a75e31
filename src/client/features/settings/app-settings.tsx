import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormMessage } from '../../components/field';
import { useToast } from '../../components/toast';
import { installPrompt, onInstallPromptChange, promptInstall } from '../../lib/install-prompt';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';
import './settings.css';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

/*
 * Settings > The app (issue 40): install the club on this device, and turn on push notifications
 * here. The browser is asked for permission only when she presses the button, never on load.
 */

const isIos = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Mac') && navigator.maxTouchPoints > 1);
const isInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function InstallTheApp() {
  const offered = useSyncExternalStore(onInstallPromptChange, installPrompt, () => null);
  const [installed, setInstalled] = useState(isInstalled);
  if (installed) return <p className="muted">{i18n.t('The app is installed on this device.')}</p>;
  if (offered) {
    return (
      <div className="app-install">
        <p className="muted">{i18n.t('Open the club from your home screen or dock, like any app.')}</p>
        <button type="button" className="button" onClick={() => void promptInstall().then(setInstalled)}>
          {i18n.t('Install the app')}
        </button>
      </div>
    );
  }
  if (isIos()) {
    return (
      <p className="muted">
        {withNodes(
          (m) => i18n.t('To add the club to your iPhone or iPad: open this page in Safari, tap Share, then {addToHomeScreen}.', m),
          {
            addToHomeScreen: <strong>{i18n.t('Add to Home Screen')}</strong>,
          },
        )}
      </p>
    );
  }
  return <p className="muted">{i18n.t("To install the club, choose Install app (or Add to Home Screen) in your browser's menu.")}</p>;
}

/** This device's push subscription, as the browser has it. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function PushOnThisDevice() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const devices = useQuery(trpc.push.subscriptions.queryOptions());
  const [permission, setPermission] = useState<NotificationPermission>(() => Notification.permission);
  const [busy, setBusy] = useState(false);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null));
  }, []);
  const subscribe = useMutation(trpc.push.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.push.unsubscribe.mutationOptions());
  const mine = devices.data?.find((d) => d.current);
  const on = Boolean(mine && endpoint);

  async function turnOn() {
    setBusy(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      const { public_key } = await queryClient.fetchQuery(trpc.push.key.queryOptions());
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime?: number | null };
      await subscribe.mutateAsync({
        endpoint: json.endpoint,
        keys: json.keys,
        expiration_time: json.expirationTime ? new Date(json.expirationTime).toISOString() : null,
      });
      setEndpoint(subscription.endpoint);
      await queryClient.invalidateQueries(trpc.push.pathFilter());
      toast(i18n.t('Push notifications are on for this device.'), 'success');
    } catch (err) {
      toast(errorMessage(err, i18n.t('Could not turn on push notifications on this device.')), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      if (mine) await unsubscribe.mutateAsync({ id: mine.id });
      await (await currentSubscription())?.unsubscribe();
      setEndpoint(null);
      await queryClient.invalidateQueries(trpc.push.pathFilter());
      toast(i18n.t('Push notifications are off for this device.'), 'success');
    } catch (err) {
      toast(errorMessage(err, i18n.t('Could not turn off push notifications.')), 'error');
    } finally {
      setBusy(false);
    }
  }

  if (permission === 'denied') {
    return (
      <FormMessage tone="info">
        {i18n.t("Notifications are blocked for this site: allow them in your browser's site settings to turn push on.")}
      </FormMessage>
    );
  }
  return (
    <div className="app-push">
      <p className="muted">
        {on
          ? i18n.t('Push notifications are on for this device: the kinds ticked under Notifications arrive on its lock screen.')
          : i18n.t('Get the kinds ticked under Notifications on this device, even when the club is closed.')}
      </p>
      {on ? (
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void turnOff()}>
          {i18n.t('Turn off push on this device')}
        </button>
      ) : (
        <button type="button" className="button" disabled={busy || devices.isPending} onClick={() => void turnOn()}>
          {i18n.t('Turn on push on this device')}
        </button>
      )}
    </div>
  );
}

export function AppSettings() {
  // What only a browser knows waits for hydration (the page may be rendered by the Worker).
  const hydrated = useHydrated();
  return (
    <section className="card form-card" id="app" aria-labelledby="app-heading">
      <h2 id="app-heading">{i18n.t('The app')}</h2>
      {hydrated ? (
        <>
          <InstallTheApp />
          {pushSupported() ? (
            <PushOnThisDevice />
          ) : (
            <p className="muted">
              {i18n.t(
                'This browser cannot receive push notifications here. On an iPhone, add the club to your Home Screen first and open it from there.',
              )}
            </p>
          )}
        </>
      ) : (
        <p className="muted">{i18n.t('Loading…')}</p>
      )}
    </section>
  );
}
