import { Route, Switch } from 'wouter';
import { CirclePage } from './circle-page';
import { CirclesPage } from './circles-page';

/** Issue 39's screens as one chunk (the app names one lazy page for both): /circles and a circle's page. */
export function CirclesSection() {
  return (
    <Switch>
      <Route path="/circles" component={CirclesPage} />
      <Route path="/circles/:slug" component={CirclePage} />
    </Switch>
  );
}
