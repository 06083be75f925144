import { refusals } from "./refusals";

/** Uploaded files (the system domain's upload call and GET /files/:id). */
export const fileRefusals = refusals("file", {
  typeNotAccepted: {
    en: "is not an accepted kind of file (JPEG, PNG, GIF or WebP images, PDF, .xlsx, MP4)",
    zh: "不是可接受的文件类型（JPEG、PNG、GIF、WebP 图片，PDF，.xlsx，MP4）",
  },
  tooLarge: { en: "is larger than 10 MB", zh: "超过 10 MB" },
});
