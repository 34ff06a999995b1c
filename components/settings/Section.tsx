import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';

/** One section of the page, its heading focused when the user goes to it (not when the page loads). */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement?.closest('.settings-nav')) heading.current?.focus();
  }, [id]);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
