import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';

/** The width of one field of a form card: one column on a phone, two on a tablet, three on a desk. */
export const FORM_COL = { xs: 24, md: 12, xl: 8 } as const;

/**
 * One titled part of a form page ("who", "how", "which devices"): its fields in a grid of `FormCol`s,
 * then whatever reads them back (`footer`).
 */
export function FormCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }}>
      <Row gutter={16}>{children}</Row>
      {footer}
    </Card>
  );
}

/** One field's place in a `FormCard`. */
export function FormCol({ children }: { children: ReactNode }) {
  return <Col {...FORM_COL}>{children}</Col>;
}
