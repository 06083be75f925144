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
    download: "Download",
    get: "Download",
    getVersion: "Download version {{version}}",
    scan: "Scan with your phone to download",
    qr: "QR code",
    showQr: "Show the QR code of version {{version}}",
    qrLabel: "QR code of the download link of version {{version}}: {{url}}",
    noLink: "No download link has been published for this release.",
  },
};
