import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isChunkLoadError, isReloadingForNewBuild } from './chunk-reload';
import { replayBeforeHydration } from '../lib/boot-hand-over';
import { i18n } from '../i18n/i18n';

interface Props {
  children: ReactNode;
  /** The current path: moving elsewhere clears the error. */
  location: string;
}

interface State {
  error: unknown;
  /** Where the error happened, so a navigation away from it lets the next page render. */
  at: string | null;
}

class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return state.at === props.location ? null : { at: props.location };
    if (state.at !== props.location) return { error: null, at: props.location };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
    // The page will not hydrate to hand over what she did before it (app.tsx): the boot script
    // stops keeping her taps, and hands over those still on the page.
    replayBeforeHydration();
  }

  retry = () => {
    // React.lazy keeps a failed import's rejection, so a missing chunk needs a fresh page load;
    // anything else gets a fresh render.
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  render() {
    if (this.state.error === null) return this.props.children;
    if (isReloadingForNewBuild()) return <p className="page-status">{i18n.t('Loading…')}</p>;
    return (
      <section className="page narrow center" role="alert">
        <h1>{i18n.t('Something went wrong')}</h1>
        <p>{i18n.t('This page could not be shown. Please try again in a moment.')}</p>
        <p>
          <button type="button" className="button" onClick={this.retry}>
            {i18n.t('Try again')}
          </button>
        </p>
      </section>
    );
  }
}

/** Catches what a page throws while rendering or loading, so the menu and the rest stay usable. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <RouteErrorBoundary location={location}>{children}</RouteErrorBoundary>;
}
