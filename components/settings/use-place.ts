import { useEffect, useState } from 'preact/hooks';
import { placeHash, readPlace, type Place } from '@/lib/pages/place';

/** The current place, and a way to go elsewhere (a history entry, so back returns). */
export function usePlace(): [Place, (place: Place) => void] {
  const [place, setPlace] = useState(() => readPlace(location.hash));
  useEffect(() => {
    const onHashChange = () => setPlace(readPlace(location.hash));
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);
  return [
    place,
    (next) => {
      location.hash = placeHash(next);
      setPlace(next);
    },
  ];
}
