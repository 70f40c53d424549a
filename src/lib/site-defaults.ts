/** Where the community chat is when VITE_CHAT_URL does not say; vite.config.ts draws its QR code from the same. */
export const defaultChatUrl = 'https://line.me/R/ti/g2/viewpact-community';
