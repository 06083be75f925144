import { Typography } from "antd";
import type { ReactNode } from "react";
import { useInRouterContext } from "react-router";
import { ScreenBreadcrumbs } from "./breadcrumbs";

export interface PageHeaderProps {
  /** Required (spec §5): every screen names itself. */
  title: ReactNode;
  /** Right-hand slot: the screen's main actions. */
  extra?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Heading level: 1 for a screen, 2 for a section inside one. */
  level?: 1 | 2;
  /** id of the heading, for `aria-labelledby` of the enclosing region. */
  titleId?: string;
}

/** A screen's header: its breadcrumbs (below an area's top), title, description and main actions. */
export function PageHeader({ title, extra, description, level = 1, titleId }: PageHeaderProps) {
  const routed = useInRouterContext();
  const header = (
    <div className={level === 1 ? "page-header" : "page-header page-header-section"}>
      <div className="page-header-main">
        <Typography.Title level={level} className="page-header-title" id={titleId}>
          {title}
        </Typography.Title>
        {description ? <Typography.Paragraph className="page-header-description">{description}</Typography.Paragraph> : null}
      </div>
      {extra ? <div className="page-header-extra">{extra}</div> : null}
    </div>
  );
  if (level !== 1 || !routed) return header;
  return (
    <>
      <ScreenBreadcrumbs />
      {header}
    </>
  );
}
