/** The download texts in English; they load with the screens that use them. */
export const downloadMessagesEn = {
  download: {
    title: "Download the app",
    latest: "Latest release",
    none: "No release has been published yet.",
    history: "Release history",
    version: "Version",
    releaseTitle: "Title",
    releasedAt: "Released",
    notes: "Notes",
    historyEmpty: "No earlier releases.",
  },
};
