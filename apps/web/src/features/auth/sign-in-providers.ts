import type { UIAppConfig } from '@panelwright/contract';
import type { InlineIconName } from '../../components/inline-icon';
import { startSocialSignIn } from './social-sign-in';

/**
 * A button of the sign-in page's "Sign in with …" list. The list is data: a provider is added here,
 * not in the page.
 */
export type SignInProvider = {
  id: string;
  /** English text, translated by the page. */
  label: string;
  icon: InlineIconName;
  /** Bootstrap's button variant. */
  variant: string;
  /** Whether the product's settings offer it. */
  offered: (settings: UIAppConfig) => boolean;
  /** Starts the provider's sign-in; none means the button is shown disabled, as coming soon. */
  start?: (settings: UIAppConfig) => void;
};

export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = [
  {
    id: 'google',
    label: 'Sign in with Google',
    icon: 'google',
    variant: 'outline-dark',
    offered: (settings) => Boolean(settings.socialLogin),
    start: startSocialSignIn,
  },
  {
    id: 'facebook',
    label: 'Sign in with Facebook',
    icon: 'facebook',
    variant: 'outline-secondary',
    offered: (settings) => Boolean(settings.socialLogin),
  },
];

/** The providers the settings offer, in the list's order. */
export function offeredSignInProviders(settings: UIAppConfig | undefined): SignInProvider[] {
  return settings ? SIGN_IN_PROVIDERS.filter((provider) => provider.offered(settings)) : [];
}
