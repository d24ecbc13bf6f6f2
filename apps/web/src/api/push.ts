import { api } from './api';

/** `PushSubscription/Save`: the browser's subscription, for the server to send pushes to. */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post(
    'PushSubscription',
    'Save',
    { Subscription: subscription },
    { silent: true, hideError: true },
  );
}
