import { Tabs } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import type { Prefetch } from "@/platform/screen-preload";
import { ranksQuery, tagsQuery } from "./member.api";
import { firstMembersQuery, MemberList } from "./member-list";

// The members tab opens first; the other tabs' code (the recharge offers' date picker alone is about
// 30 KB gzipped) loads when one of them is chosen.
const RankList = lazy(() => import("./rank-list").then((m) => ({ default: m.RankList })));
const TagList = lazy(() => import("./tag-list").then((m) => ({ default: m.TagList })));
const RechargeList = lazy(() => import("./recharge-list").then((m) => ({ default: m.RechargeList })));

const TABS = ["members", "ranks", "tags", "recharge"] as const;
type TabKey = (typeof TABS)[number];

/** The members tab (a plain visit's): its first page and its filters' ranks and tags, started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(ranksQuery());
  void client.prefetchQuery(tagsQuery());
  void client.prefetchQuery(firstMembersQuery());
};

/** `paths.memberList()`: members, ranks, tags and recharge offers; the tab lives in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab: TabKey = TABS.includes(asked as TabKey) ? (asked as TabKey) : "members";
  const panes: Record<TabKey, ReactNode> = {
    members: <MemberList />,
    ranks: <RankList />,
    tags: <TagList />,
    recharge: <RechargeList />,
  };
  return (
    <>
      <PageHeader title={t("member.title")} />
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setSearchParams(key === "members" ? {} : { tab: key })}
        items={TABS.map((key) => ({
          key,
          label: t(`member.tabs.${key}`),
          children: <Suspense fallback={<div className="list-page" aria-busy="true" />}>{panes[key]}</Suspense>,
        }))}
      />
    </>
  );
}
