import type { ReactNode } from 'react';

export const metadata = { title: 'Ops — opslink in Next.js', icons: { icon: 'data:,' } };

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
