import type { OptionItem } from '@panelwright/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { relationTexts } from '../../api/relation-search';
import type { FilterDefinition } from '../../engine/filters';
import { idsToRead } from '../../engine/lookup';
import { sameValue } from '../../engine/values';

/** The records a lookup filter remembers the texts of (its recent picks). */
const REMEMBERED = 20;

/**
 * The texts of the lookup filters' values (a relation's, a list that grows): the records picked on
 * this page, and those of values that came from the address (a reload, a link, back), read by id
 * through `{api}/Lookup` (`Values`), once each. The address holds the id only.
 */
export function useLookupFilterTexts(
  filters: readonly FilterDefinition[],
  values: Record<string, unknown>,
): {
  known: Record<string, readonly OptionItem[]>;
  remember(fieldName: string, option: OptionItem): void;
} {
  const [known, setKnown] = useState<Record<string, readonly OptionItem[]>>({});
  const asked = useRef(new Set<string>());
  const remember = useCallback((fieldName: string, option: OptionItem) => {
    setKnown((current) => ({
      ...current,
      [fieldName]: [
        option,
        ...(current[fieldName] ?? []).filter((item) => !sameValue(item.Value, option.Value)),
      ].slice(0, REMEMBERED),
    }));
  }, []);
  const toRead = filters.flatMap((definition) => {
    const { lookup, fieldName } = definition;
    if (!lookup) return [];
    const ids = idsToRead([values[fieldName]], known[fieldName] ?? []).filter(
      (id) => !asked.current.has(`${fieldName}:${id}`),
    );
    return ids.length > 0 ? [{ fieldName, lookup, ids }] : [];
  });
  const toReadKey = JSON.stringify(toRead);
  useEffect(() => {
    const reads = JSON.parse(toReadKey) as typeof toRead;
    for (const { fieldName, lookup, ids } of reads) {
      for (const id of ids) asked.current.add(`${fieldName}:${id}`);
      relationTexts(lookup, ids)
        .then((found) => {
          for (const option of found) remember(fieldName, option);
        })
        // A record gone or out of the user's reach keeps showing its id, as its cells do.
        .catch(() => undefined);
    }
  }, [toReadKey, remember]);
  return { known, remember };
}
