import { useSearchParams } from 'react-router';

/**
 * ?inviteCode=&email= of a team invitation: kept for the sign-up and login
 * forms (sent as invite_code) and their links to each other; the e-mail prefilled.
 */
export function useInviteParams() {
  const [params] = useSearchParams();
  const inviteCode = params.get('inviteCode') ?? undefined;
  const email = params.get('email') ?? '';
  const search = inviteCode ? `?${new URLSearchParams({ inviteCode, ...(email ? { email } : {}) })}` : '';
  return { inviteCode, email, search };
}
