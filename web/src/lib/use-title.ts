import { useEffect } from 'react';

/** Sets the document title ("Projects · Cloud console"), for tabs, history and screen readers. */
export function useTitle(...parts: Array<string | undefined>): void {
  const title = [...parts.filter(Boolean), 'Cloud console'].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
