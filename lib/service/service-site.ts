/**
 * The service's own pages the setup links to: its site, where My Page is (Apps Connection and
 * the apps password), and its developer pages on authentication (API keys are issued per
 * application). Top-level pages only: deeper paths change without notice.
 */
export const SERVICE_SITE = {
  home: 'https://infini-cloud.net/en/',
  developers: 'https://infini-cloud.net/en/developer_auth.html',
} as const;
