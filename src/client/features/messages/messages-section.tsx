import { Route, Switch } from 'wouter';
import { ConversationPage } from './conversation-page';
import { ConversationsPage } from './conversations-page';
import { NewMessagePage } from './new-message-page';

/**
 * /messages and below (issue 38), one lazy chunk with its own routes, so the app's entry (every
 * visitor's first load) carries one route for them: her list, a new message, a conversation
 * (which says "not found" for any other path).
 */
export function MessagesSection() {
  return (
    <Switch>
      <Route path="/messages" component={ConversationsPage} />
      <Route path="/messages/new" component={NewMessagePage} />
      <Route component={ConversationPage} />
    </Switch>
  );
}
