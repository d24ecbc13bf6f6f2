import { toast } from 'react-toastify';

/** A notification as the page tells it at once: an info toast of its title and body. */
export function showNotificationToast(notification: { Title: string; Body: string }): void {
  toast.info(notification.Body ? `${notification.Title}: ${notification.Body}` : notification.Title);
}
