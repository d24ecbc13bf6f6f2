/**
 * Names that speak for the product or its operators. A user choosing their own name (their profile,
 * registration, a social sign-in) may not take one of them, nor one made to look like one ("Admin",
 * "ADMIN1STRATOR", "System Support", "аdmin" with a Cyrillic а), so that nobody can pass for the
 * administrator in a list of assignees, a comment or a notification.
 */
export const RESERVED_NAMES = [
  'admin',
  'administrator',
  'adm',
  'root',
  'system',
  'sysadmin',
  'superuser',
  'superadmin',
  'support',
  'moderator',
  'security',
  'panelwright',
] as const;

/** Letters written with look-alikes (digits, signs, Cyrillic and Greek letters) mapped to Latin. */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ԁ: 'd',
  м: 'm',
  т: 't',
  α: 'a',
  ο: 'o',
  ι: 'i',
  ν: 'v',
};

/** A name as it reads: compatibility forms folded, accents dropped, look-alikes made Latin. */
function reading(name: string): string {
  return [
    ...name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase(),
  ]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('');
}

const RESERVED_READINGS = new Set(RESERVED_NAMES.map(reading));

/**
 * Whether a name imitates a reserved one: read as above, one of its words, two words run together,
 * or the whole name without its spaces and signs is a reserved name.
 */
export function imitatesReservedName(name: string): boolean {
  const read = reading(name);
  const words = read.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  if (words.some((word) => RESERVED_READINGS.has(word))) return true;
  for (let i = 0; i + 1 < words.length; i++)
    if (RESERVED_READINGS.has(`${words[i]}${words[i + 1]}`)) return true;
  return RESERVED_READINGS.has(words.join(''));
}

export const RESERVED_NAME_MESSAGE = 'This name is reserved; choose another one.';
