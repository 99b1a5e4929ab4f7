/** The brand, in one place so a deployer can rename the product. */
export const brand = {
  product: 'Vuka',
  email: 'hello@vuka.africa',
  /** Storage keys for the theme: `${themeKeyPrefix}-workspace` and `${themeKeyPrefix}-public`. */
  themeKeyPrefix: 'vuka-theme',
  storagePrefix: 'vuka',
  company: {
    legalName: 'Vuka Digital (Pty) Ltd',
    registration: 'Reg. No. 2024/123456/07',
    address: 'Johannesburg, South Africa',
  },
  social: {
    facebook: 'https://www.facebook.com/vukaafrica',
    instagram: 'https://www.instagram.com/vukaafrica',
    x: 'https://x.com/vukaafrica',
    linkedin: 'https://www.linkedin.com/company/vukaafrica',
  },
} as const;
