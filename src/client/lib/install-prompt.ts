/*
 * The browser's offer to install the app (beforeinstallprompt, Chromium), kept from the moment it
 * is made (src/client/pwa/register.ts listens) until Settings' "Install the app" uses it.
 */

export interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPrompt | null = null;
const listeners = new Set<() => void>();

export function keepInstallPrompts(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offered = event as InstallPrompt;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    listeners.forEach((l) => l());
  });
}

export const installPrompt = (): InstallPrompt | null => offered;

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; answers whether she installed. */
export async function promptInstall(): Promise<boolean> {
  const prompt = offered;
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  offered = null;
  listeners.forEach((l) => l());
  return outcome === 'accepted';
}
