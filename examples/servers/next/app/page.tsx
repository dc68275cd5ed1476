'use client';
// The app's page, as a client component: the same page the other servers serve
// (examples/servers/page.ts), bundled by Next.js for the browser with opslink's viaProxy clients.
import { useEffect, useRef } from 'react';
import { startPage } from '../../page.ts';

export default function Page() {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (root.current) startPage(root.current);
  }, []);
  return <main ref={root} />;
}
