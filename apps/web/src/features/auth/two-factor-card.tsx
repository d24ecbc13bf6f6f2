import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../components/loading-screen';
import { AuthCard } from './auth-card';

// Most users have no second factor: its code loads only when a token answer asks for one, with
// i18next (its texts use it; the light sign-in page has not loaded it yet).
const TwoFactorStep = lazy(() =>
  Promise.all([
    import('../../components/two-factor/two-factor-step'),
    import('../../i18n').then((texts) => texts.initI18n()),
  ]).then(([step]) => step),
);

/** The second step of signing in or registering, in the sign-in card. */
export function TwoFactorCard(props: ComponentProps<typeof TwoFactorStep>) {
  return (
    <AuthCard>
      <Suspense fallback={<Spinner />}>
        <TwoFactorStep {...props} />
      </Suspense>
    </AuthCard>
  );
}
