import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../components/loading-screen';
import { AuthCard } from './auth-card';

// Most users have no second factor: its code loads only when a token answer asks for one.
const TwoFactorStep = lazy(() => import('../../components/two-factor/two-factor-step'));

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
