import { useState } from 'react';

/**
 * The user's avatar (`avatar_url` of the sign-in info, `AvatarUrl` of the profile), round; the person
 * icon when there is none or it does not load. Decorative: the user's name is always beside it.
 */
export function UserAvatar({
  url,
  size = 24,
  className = '',
}: {
  url?: string | null;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = url && (url.startsWith('/') || /^https:\/\//i.test(url)) && failed !== url ? url : null;
  if (!usable)
    return (
      <i
        className={`bi bi-person-circle ${className}`}
        style={{ fontSize: size, lineHeight: 1 }}
        aria-hidden="true"
        data-testid="user-avatar-icon"
      />
    );
  return (
    <img
      src={usable}
      alt=""
      width={size}
      height={size}
      className={`rounded-circle object-fit-cover ${className}`}
      data-testid="user-avatar"
      onError={() => setFailed(usable)}
    />
  );
}
