import { Tag } from "antd";
import { TagGroup } from "@/components/tag-group";
import type { MemberRow } from "./member.api";

type TagRef = MemberRow["tags"][number];

/**
 * One tag: the name in the normal text colour beside a dot of the tag's colour. Colours are the
 * seller's choice, so they never carry text (the contrast could not be guaranteed).
 */
export function MemberTag({ tag }: { tag: Pick<TagRef, "name" | "color"> }) {
  return (
    <Tag style={{ borderColor: tag.color }}>
      <span
        aria-hidden
        style={{ display: "inline-block", width: 8, height: 8, borderRadius: 4, background: tag.color, marginInlineEnd: 6 }}
      />
      {tag.name}
    </Tag>
  );
}

/** A member's tags, apart from each other; "—" when there are none. */
export function MemberTags({ tags }: { tags: TagRef[] }) {
  return (
    <TagGroup>
      {tags.map((tag) => (
        <MemberTag key={tag.id} tag={tag} />
      ))}
    </TagGroup>
  );
}
