import { useSearchParams } from 'react-router';

/** A positive whole number as the URL writes it (no sign, no leading zero, at most 16 digits). */
const ID = /^[1-9]\d{0,15}$/;

/** Reads an id from URL text; null when it is not a positive whole number. */
export function readId(text: string | null | undefined): number | null {
  return text && ID.test(text) ? Number(text) : null;
}

/** The `?id=` (or `?<name>=`) of an edit or details page; null when missing or not a positive id. */
export function useIdParam(name = 'id'): number | null {
  const [search] = useSearchParams();
  return readId(search.get(name));
}
