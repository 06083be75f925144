import { Card, Empty, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MenuIcon } from "@/components/menu-icon";

export interface LinkCardItem {
  key: string;
  to: string;
  icon: string | null | undefined;
  title: string;
  description?: string | null;
}

/** A titled grid of cards that each lead to a screen (the home page's areas, the settings screens). */
export function LinkCards({ id, title, items, empty }: { id: string; title: string; items: LinkCardItem[]; empty: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      {items.length === 0 ? (
        <Empty description={empty} />
      ) : (
        <ul className="card-grid plain-list">
          {items.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="area-card">
                <Card hoverable size="small">
                  <Space orientation="vertical" size={4}>
                    <Space>
                      <MenuIcon name={item.icon} />
                      <Typography.Text strong={Boolean(item.description)}>{item.title}</Typography.Text>
                    </Space>
                    {item.description ? <Typography.Text type="secondary">{item.description}</Typography.Text> : null}
                  </Space>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
