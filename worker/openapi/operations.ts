import { AdminAnalytics, AdminFigures, AdminInventoryList, AdminInventoryResponse, AdminMenuDrinkList, AdminMenuDrinkResponse, AdminVenueResponse, ImageUploadResponse, IngredientOptionList, IngredientOptionResponse, InventoryImpact } from '../../shared/schemas/admin';
import { AiKpis, AiInteractionList, AiSuggestion, GlobalPrompt, AiSettingsResponse, AiAnalyticsResponse, FlavorRuleDeleted, FlavorRuleList, FlavorRuleResponse } from '../../shared/schemas/ai';
import { AuditLogPage } from '../../shared/schemas/audit';
import { AuthClaims, AuthSession, DemoInfo, GuestProfileResponse, GuestSession, ImpersonationSession, OtpSent, OtpVerified } from '../../shared/schemas/auth';
import { CartResponse } from '../../shared/schemas/cart';
import { SuccessFlag } from '../../shared/schemas/common';
import { DrinkDetailResponse, DrinkList } from '../../shared/schemas/drink';
import { FavoriteList, FavoriteToggled } from '../../shared/schemas/favorites';
import { ImportResult, MenuBulkEditResult } from '../../shared/schemas/imports';
import { IngredientList, StaffInventoryItemResponse, StaffInventoryList, StaffMenuList, StockMovementList, StockMovementResponse } from '../../shared/schemas/inventory';
import { ActiveOrderResponse, AdminOrderPage, AiOrderList, CanStartResponse, OrderDetailResponse, OrderHistoryResponse, OrderList, OrderStatusChange, OrderStatusView, PlacedOrder, UnclaimedCancelResult, UnclaimedOrders } from '../../shared/schemas/order';
import { CardCheckResponse, CardPaymentResponse, CheckoutPaymentCheckResponse, CheckoutPaymentResponse, LocalCardConfirmResponse, CardStatusResponse, HoldCheckResponse, HoldPaymentResponse, RefundResponse, WebhookResponse } from '../../shared/schemas/payments';
import { PushKeyResponse, ReadyTextAnswer } from '../../shared/schemas/push';
import { RatingSaved } from '../../shared/schemas/ratings';
import { NightReport } from '../../shared/schemas/reports';
import { SetupChecklist } from '../../shared/schemas/setup';
import { StripeConnectionResponse, StripeOnboardingResponse } from '../../shared/schemas/stripe-connection';
import { BulkMergeOutcome, CanonicalIngredientList, CanonicalIngredientResponse, CreateOutcome, CreatedStaffAccount, ErrorLogList, ErrorLogResponse, ErrorSettings, MergeOutcome, PlatformAnalytics, PlatformOverview, RecentOrdersResponse, ResetPasswordResult, RollupRunResult, StaffAccountList, SuperVenueList, SuperVenueResponse, TopDrinksResponse, TopVenuesResponse, UnmatchedIngredientList, UserResponse } from '../../shared/schemas/super';
import { AiRoundResponse, JoinPendingResponse, SendRoundResponse, StaffTablesResponse, TableLookup, TableStateResponse, VenueTablesResponse } from '../../shared/schemas/tables';
import { InviteAcceptResult, InviteInfo, TeamInviteResult, TeamList, TeamMemberResponse, TeamResetResult } from '../../shared/schemas/team';
import { AdminTranslations, AiDraftsResponse, TranslationResponse, VenueTextsResponse } from '../../shared/schemas/translations';
import { VenueList, VenueResponse } from '../../shared/schemas/venue';

/** The shared zod answer schemas the document names as components (worker/openapi/document.ts). */
export const ANSWERS = {
  AdminAnalytics, AdminFigures, AdminInventoryList, AdminInventoryResponse, AdminMenuDrinkList, AdminMenuDrinkResponse,
  AdminVenueResponse, ImageUploadResponse, IngredientOptionList, IngredientOptionResponse, InventoryImpact,
  AiKpis, AiInteractionList, AiSuggestion, GlobalPrompt, AiSettingsResponse, AiAnalyticsResponse, FlavorRuleDeleted, FlavorRuleList, FlavorRuleResponse,
  AuditLogPage, AuthClaims, AuthSession, DemoInfo, GuestProfileResponse, GuestSession, ImpersonationSession, OtpSent, OtpVerified,
  CartResponse, SuccessFlag, DrinkDetailResponse, DrinkList, FavoriteList, FavoriteToggled, ImportResult,
  MenuBulkEditResult, IngredientList, StaffInventoryItemResponse, StaffInventoryList, StaffMenuList, StockMovementList,
  StockMovementResponse, ActiveOrderResponse, AdminOrderPage, AiOrderList, CanStartResponse, OrderDetailResponse,
  OrderHistoryResponse, OrderList, OrderStatusChange, OrderStatusView, PlacedOrder, UnclaimedCancelResult, UnclaimedOrders,
  CardCheckResponse, CardPaymentResponse, CheckoutPaymentCheckResponse, CheckoutPaymentResponse, LocalCardConfirmResponse, CardStatusResponse, HoldCheckResponse, HoldPaymentResponse, RefundResponse, WebhookResponse, PushKeyResponse,
  ReadyTextAnswer, RatingSaved, NightReport, SetupChecklist, StripeConnectionResponse, StripeOnboardingResponse, BulkMergeOutcome, CanonicalIngredientList,
  CanonicalIngredientResponse, CreateOutcome, CreatedStaffAccount, ErrorLogList, ErrorLogResponse, ErrorSettings,
  MergeOutcome, PlatformAnalytics, PlatformOverview, RecentOrdersResponse, ResetPasswordResult, RollupRunResult,
  StaffAccountList, SuperVenueList, SuperVenueResponse, TopDrinksResponse, TopVenuesResponse, UnmatchedIngredientList,
  UserResponse, AiRoundResponse, JoinPendingResponse, SendRoundResponse, StaffTablesResponse, TableLookup,
  TableStateResponse, VenueTablesResponse, InviteAcceptResult, InviteInfo, TeamInviteResult, TeamList,
  TeamMemberResponse, TeamResetResult, AdminTranslations, AiDraftsResponse, TranslationResponse, VenueTextsResponse, VenueList, VenueResponse,
};
export type AnswerName = keyof typeof ANSWERS;

/**
 * What the code cannot say about an operation: a short summary and, where a shared zod schema describes it, the
 * success answer (status 200 unless said). Request schemas and security are read from the routes themselves.
 * tests/worker/openapi.test.ts fails when a mounted route has no entry here.
 */
export type Operation = {
  summary: string;
  answer?: AnswerName;
  /** A success answer that is not JSON (CSV, a manifest, a picture, a WebSocket). */
  media?: string;
  answerDescription?: string;
  /** Other successes, by status (a join that waits for the host: 202). */
  alternatives?: Partial<Record<200 | 201 | 202, AnswerName>>;
  status?: 200 | 201 | 204 | 101;
  /** For a route whose handler checks the caller itself: used only when no guard middleware says it. */
  security?: Record<string, string[]>[];
};

/** Public, or better with a token: a guest or staff token adds to the answer. */
const OPTIONAL_GUEST: Operation['security'] = [{}, { guestToken: [] }];
const GUEST: Operation['security'] = [{ guestToken: [] }];
const STAFF: Operation['security'] = [{ staffToken: [] }];
const REFRESH: Operation['security'] = [{ refreshCookie: [] }];

export const OPERATIONS: Record<string, Operation> = {
  'GET /api/healthz': { summary: 'Liveness', answer: 'SuccessFlag' },
  'GET /api/healthz/db': { summary: 'Database health', answer: 'SuccessFlag' },
  'GET /api/openapi.json': { summary: 'This OpenAPI document', media: 'application/json' },
  'GET /api/reference': { summary: 'The API reference page', media: 'text/html' },

  'GET /api/venues': { summary: 'List active venues', answer: 'VenueList' },
  'GET /api/venues/{id}': { summary: 'Read a venue', answer: 'VenueResponse' },
  'GET /api/venues/{id}/drinks': { summary: "A venue's menu", answer: 'DrinkList' },
  'GET /api/venues/{id}/manifest.webmanifest': { summary: "A venue's web app manifest", media: 'application/manifest+json' },
  'GET /api/venues/{slug}/tables/{number}': { summary: 'Look up a table by number', answer: 'TableLookup', security: OPTIONAL_GUEST },
  'GET /api/drinks': { summary: "A venue's menu by slug", answer: 'DrinkList' },
  'GET /api/drinks/{id}': { summary: 'Read a drink', answer: 'DrinkDetailResponse', security: OPTIONAL_GUEST },
  'GET /api/favorites': { summary: "The guest's favourites", answer: 'FavoriteList' },
  'POST /api/favorites': { summary: 'Add a favourite', answer: 'FavoriteToggled', status: 201 },
  'POST /api/favorites/toggle': { summary: 'Toggle a favourite', answer: 'FavoriteToggled' },
  'POST /api/ratings': { summary: 'Rate a drink', answer: 'RatingSaved' },
  'POST /api/client-errors': { summary: 'Report a client error', status: 204, answerDescription: 'Stored' },

  'GET /api/auth/demo': { summary: 'Demo accounts', answer: 'DemoInfo' },
  'POST /api/auth/login': { summary: 'Staff sign-in', answer: 'AuthSession' },
  'POST /api/auth/refresh': { summary: 'Refresh the staff session', answer: 'AuthSession', security: REFRESH },
  'POST /api/auth/logout': { summary: 'Staff sign-out', answer: 'SuccessFlag', security: [{}, { refreshCookie: [] }, { staffToken: [] }] },
  'POST /api/auth/claims/sync': { summary: 'Re-issue the access token', answer: 'AuthSession', security: STAFF },
  'POST /api/auth/guest-session': { summary: 'Start a guest device session', answer: 'GuestSession', status: 201, security: OPTIONAL_GUEST },
  'POST /api/auth/otp/send': { summary: 'Text a sign-in code', answer: 'OtpSent' },
  'POST /api/auth/otp/verify': { summary: 'Sign in with the code', answer: 'OtpVerified' },
  'POST /api/auth/guest/logout': { summary: 'Guest sign-out', answer: 'SuccessFlag' },
  'GET /api/auth/invites/{token}': { summary: 'Read a team invite', answer: 'InviteInfo' },
  'POST /api/auth/invites/{token}/accept': { summary: 'Accept a team invite', answer: 'InviteAcceptResult' },
  'GET /api/admin/auth/me': { summary: "The staff token's claims", answer: 'AuthClaims' },
  'GET /api/me': { summary: "The guest's profile", answer: 'GuestProfileResponse' },
  'PATCH /api/me': { summary: "Update the guest's profile", answer: 'GuestProfileResponse' },

  'POST /api/super/impersonate': { summary: 'Act as a venue admin or staff', answer: 'ImpersonationSession' },
  'POST /api/super/impersonate/exit': { summary: 'Stop impersonating', answer: 'AuthSession', security: STAFF },
  'GET /api/super/venues': { summary: 'List all venues', answer: 'SuperVenueList' },
  'POST /api/super/venues': { summary: 'Create a venue', answer: 'SuperVenueResponse', status: 201 },
  'PUT /api/super/venues/{id}': { summary: 'Update a venue', answer: 'SuperVenueResponse' },
  'GET /api/super/venues/{id}/staff': { summary: "A venue's accounts", answer: 'StaffAccountList' },
  'POST /api/super/venues/{id}/staff': { summary: 'Create a staff account', answer: 'CreatedStaffAccount', status: 201 },
  'PUT /api/super/users/{id}': { summary: 'Update an account', answer: 'UserResponse' },
  'POST /api/super/users/{id}/reset-password': { summary: "Reset an account's password", answer: 'ResetPasswordResult' },
  'GET /api/super/errors': { summary: 'The platform error log', answer: 'ErrorLogList' },
  'GET /api/super/errors/settings': { summary: "The error log's retention", answer: 'ErrorSettings' },
  'PUT /api/super/errors/settings': { summary: "Set the error log's retention", answer: 'ErrorSettings' },
  'POST /api/super/errors/{id}/resolve': { summary: 'Resolve an error', answer: 'ErrorLogResponse' },
  'POST /api/super/errors/{id}/reopen': { summary: 'Reopen an error', answer: 'ErrorLogResponse' },
  'GET /api/super/audit-log': { summary: 'The platform audit log', answer: 'AuditLogPage' },
  'GET /api/super/unmatched-ingredients': { summary: 'Recipe lines matched to no ingredient', answer: 'UnmatchedIngredientList' },
  'GET /api/super/ingredients': { summary: 'The ingredient catalogue', answer: 'CanonicalIngredientList' },
  'POST /api/super/ingredients/bulk-merge': { summary: 'Merge many lines into ingredients', answer: 'BulkMergeOutcome' },
  'PUT /api/super/ingredients/{id}': { summary: 'Update an ingredient', answer: 'CanonicalIngredientResponse' },
  'POST /api/super/ingredients/{id}/merge': { summary: 'Merge lines into an ingredient', answer: 'MergeOutcome' },
  'POST /api/super/ingredients/{id}/create': { summary: 'Create an ingredient from a line', answer: 'CreateOutcome', status: 201 },
  'GET /api/super/overview': { summary: 'Platform overview', answer: 'PlatformOverview' },
  'GET /api/super/top-drinks': { summary: 'Top drinks', answer: 'TopDrinksResponse' },
  'GET /api/super/top-venues': { summary: 'Top venues', answer: 'TopVenuesResponse' },
  'GET /api/super/recent-orders': { summary: 'Recent orders', answer: 'RecentOrdersResponse' },
  'GET /api/super/analytics': { summary: 'Platform analytics', answer: 'PlatformAnalytics' },
  'POST /api/super/rollups': { summary: 'Rebuild the sales rollups', answer: 'RollupRunResult' },

  'GET /api/cart': { summary: "The guest's cart", answer: 'CartResponse' },
  'POST /api/cart': { summary: 'Put a drink in the cart', answer: 'CartResponse' },
  'POST /api/cart/clear': { summary: 'Empty the cart', answer: 'CartResponse' },
  'POST /api/cart/checkout': { summary: 'Order the cart', answer: 'PlacedOrder' },
  'POST /api/cart/checkout/card': { summary: 'Pay the cart first: a card authorisation, no order yet', answer: 'CheckoutPaymentResponse' },
  'POST /api/cart/checkout/card/{paymentId}/check': { summary: 'The checkout payment as Stripe left it; places the order once authorised', answer: 'CheckoutPaymentCheckResponse' },
  'DELETE /api/cart/{id}': { summary: 'Remove a cart line', answer: 'CartResponse' },
  'POST /api/orders': { summary: 'Place an order', answer: 'PlacedOrder' },
  'POST /api/orders/quick': { summary: 'Place a one-drink order', answer: 'PlacedOrder' },
  'GET /api/orders/active': { summary: "The guest's active orders", answer: 'ActiveOrderResponse' },
  'GET /api/orders/history': { summary: "The guest's past orders", answer: 'OrderHistoryResponse' },
  'GET /api/orders/can-start': { summary: 'Whether the guest may order', answer: 'CanStartResponse' },
  'GET /api/orders/{id}/status': { summary: "An order's status", answer: 'OrderStatusView' },
  'GET /api/orders/{id}': { summary: 'Read an order', answer: 'OrderDetailResponse' },
  'POST /api/orders/{id}/push': { summary: 'Notify me when it is ready', answer: 'SuccessFlag', status: 201 },
  'DELETE /api/orders/{id}/push': { summary: 'Stop the ready notification', answer: 'SuccessFlag' },
  'POST /api/orders/{id}/ready-text': { summary: 'Text me when it is ready', answer: 'ReadyTextAnswer', status: 201 },
  'DELETE /api/orders/{id}/ready-text': { summary: 'Stop the ready text', answer: 'SuccessFlag' },
  'GET /api/push/key': { summary: 'The Web Push public key', answer: 'PushKeyResponse' },

  'POST /api/tables/sessions': { summary: 'Open a tab at a table', answer: 'TableStateResponse' },
  'POST /api/tables/sessions/join': { summary: "Join a table's tab", answer: 'TableStateResponse', alternatives: { 202: 'JoinPendingResponse' } },
  'GET /api/tables/sessions/{id}': { summary: "Read a table's tab", answer: 'TableStateResponse' },
  'PATCH /api/tables/sessions/{id}': { summary: "Change the tab's settings", answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/join-requests/{memberId}': { summary: 'Answer a join request', answer: 'TableStateResponse' },
  'DELETE /api/tables/sessions/{id}/members/{memberId}': { summary: 'Leave the tab or remove a member', answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/lines': { summary: "Add to the table's cart", answer: 'TableStateResponse' },
  'PATCH /api/tables/sessions/{id}/lines/{lineId}': { summary: "Change a table's cart line", answer: 'TableStateResponse' },
  'DELETE /api/tables/sessions/{id}/lines/{lineId}': { summary: "Remove a table's cart line", answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/rounds': { summary: 'Send a round to the bar', answer: 'SendRoundResponse' },
  'POST /api/tables/sessions/{id}/bill': { summary: 'Ask for the bill', answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/claims': { summary: 'Claim lines of the bill', answer: 'TableStateResponse' },
  'DELETE /api/tables/sessions/{id}/claims/{orderItemId}': { summary: 'Drop a claim', answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/shares': { summary: 'Take a share of the bill', answer: 'TableStateResponse' },
  'DELETE /api/tables/sessions/{id}/shares/{shareId}': { summary: 'Drop a share', answer: 'TableStateResponse' },
  'POST /api/tables/sessions/{id}/ai-round': { summary: 'AI suggestions for the table', answer: 'AiRoundResponse' },
  'POST /api/tables/sessions/{id}/push': { summary: 'Notify me when the round is ready', answer: 'SuccessFlag', status: 201 },
  'DELETE /api/tables/sessions/{id}/push': { summary: "Stop the table's ready notification", answer: 'SuccessFlag' },
  'POST /api/tables/sessions/{id}/ready-text': { summary: 'Text me when the round is ready', answer: 'ReadyTextAnswer', status: 201 },
  'DELETE /api/tables/sessions/{id}/ready-text': { summary: "Stop the table's ready text", answer: 'SuccessFlag' },
  'GET /api/tables/sessions/{id}/card': { summary: 'Whether cards are taken here', answer: 'CardStatusResponse', security: GUEST },
  'POST /api/tables/sessions/{id}/shares/{shareId}/card': { summary: 'Pay a share by card', answer: 'CardPaymentResponse' },
  'POST /api/tables/sessions/{id}/shares/{shareId}/card/check': { summary: "Check a share's card payment", answer: 'CardCheckResponse' },
  'POST /api/tables/sessions/{id}/holds': { summary: 'Hold a card for the tab', answer: 'HoldPaymentResponse' },
  'POST /api/tables/sessions/{id}/holds/check': { summary: "Check a card hold", answer: 'HoldCheckResponse' },
  'POST /api/payments/webhook': { summary: "Stripe's webhook", answer: 'WebhookResponse' },
  'POST /api/payments/local/confirm': { summary: "The stand-in's test card form confirms a payment (no Stripe keys only)", answer: 'LocalCardConfirmResponse' },
  'GET /api/admin/payments/stripe': { summary: "The venue's Stripe account as Stripe last said", answer: 'StripeConnectionResponse' },
  'POST /api/admin/payments/stripe/connect': { summary: "Connect the venue's Stripe account: an Account Link to onboarding", answer: 'StripeOnboardingResponse' },
  'POST /api/admin/payments/stripe/check': { summary: "Ask Stripe for the venue's account now", answer: 'StripeConnectionResponse' },
  'GET /api/payments/local-onboarding': { summary: "The local Stripe stand-in's onboarding page (demo builds)", media: 'text/html' },
  'POST /api/payments/local-onboarding': { summary: "Finish the stand-in's test onboarding; 303 back to the venue (demo builds)", media: 'text/html' },

  'GET /api/staff/orders': { summary: "The bar's orders", answer: 'OrderList' },
  'GET /api/staff/queue': { summary: "The bar's live queue", answer: 'OrderList' },
  'GET /api/staff/orders/unclaimed': { summary: 'Orders nobody picked up', answer: 'UnclaimedOrders' },
  'POST /api/staff/orders/unclaimed/cancel': { summary: 'Cancel unclaimed orders', answer: 'UnclaimedCancelResult' },
  'PUT /api/staff/orders/{id}/status': { summary: "Move an order's status", answer: 'OrderStatusChange' },
  'POST /api/staff/orders/{id}/recall': { summary: 'Recall a delivered order', answer: 'OrderStatusChange' },
  'POST /api/staff/orders/{id}/payment': { summary: "Record an order's payment", answer: 'OrderStatusChange' },
  'GET /api/staff/history': { summary: "The bar's past orders", answer: 'OrderList' },
  'GET /api/staff/ai-orders': { summary: 'Orders of AI creations', answer: 'AiOrderList' },
  'GET /api/staff/inventory': { summary: 'Stock', answer: 'StaffInventoryList' },
  'POST /api/staff/inventory': { summary: 'Add a stock item', answer: 'StaffInventoryItemResponse', status: 201 },
  'PUT /api/staff/inventory/{id}': { summary: 'Update a stock item', answer: 'StaffInventoryItemResponse' },
  'DELETE /api/staff/inventory/{id}': { summary: 'Delete a stock item', answer: 'SuccessFlag' },
  'GET /api/staff/inventory/{id}/impact': { summary: 'Drinks a stock item pours', answer: 'InventoryImpact' },
  'POST /api/staff/inventory/{id}/movements': { summary: 'Record a stock movement', answer: 'StockMovementResponse', status: 201 },
  'GET /api/staff/inventory/{id}/movements': { summary: "A stock item's movements", answer: 'StockMovementList' },
  'GET /api/staff/ingredients': { summary: 'Search ingredients', answer: 'IngredientList' },
  'GET /api/staff/menu': { summary: 'The menu with recipes', answer: 'StaffMenuList' },
  'GET /api/staff/tables': { summary: 'Open tabs', answer: 'StaffTablesResponse' },
  'POST /api/staff/tables/sessions/{id}/shares/{shareId}/payment': { summary: "Record a share's payment", answer: 'TableStateResponse' },
  'POST /api/staff/tables/sessions/{id}/move': { summary: 'Move a tab to another table', answer: 'TableStateResponse' },
  'POST /api/staff/tables/sessions/{id}/merge': { summary: 'Merge two tabs', answer: 'TableStateResponse' },
  'POST /api/staff/tables/sessions/{id}/lines/{orderItemId}/void': { summary: 'Void a line', answer: 'TableStateResponse' },
  'POST /api/staff/tables/sessions/{id}/end': { summary: 'End a tab', answer: 'TableStateResponse' },
  'POST /api/staff/tables/sessions/{id}/holds/capture': { summary: "Charge a tab's card holds", answer: 'TableStateResponse' },

  'GET /api/admin/orders': { summary: "The venue's orders", answer: 'AdminOrderPage' },
  'PUT /api/admin/orders/{id}/status': { summary: "Set an order's status", answer: 'OrderStatusChange' },
  'POST /api/admin/orders/{id}/cancel': { summary: 'Cancel an order' },
  'GET /api/admin/menu-drinks': { summary: 'The menu to edit', answer: 'AdminMenuDrinkList' },
  'POST /api/admin/menu-drinks/bulk': { summary: 'Edit many drinks', answer: 'MenuBulkEditResult' },
  'GET /api/admin/menu-drinks/{id}': { summary: 'Read a drink to edit', answer: 'AdminMenuDrinkResponse' },
  'POST /api/admin/menu-drinks': { summary: 'Add a drink', answer: 'AdminMenuDrinkResponse', status: 201 },
  'PUT /api/admin/menu-drinks/{id}': { summary: 'Replace a drink', answer: 'AdminMenuDrinkResponse' },
  'PATCH /api/admin/menu-drinks/{id}': { summary: 'Update a drink', answer: 'AdminMenuDrinkResponse' },
  'PATCH /api/admin/menu-drinks/{id}/availability': { summary: 'Switch a drink on or off', answer: 'AdminMenuDrinkResponse' },
  'DELETE /api/admin/menu-drinks/{id}': { summary: 'Delete a drink', answer: 'SuccessFlag' },
  'GET /api/admin/ingredients': { summary: 'Ingredients for recipes', answer: 'IngredientOptionList' },
  'POST /api/admin/ingredients': { summary: 'Add a catalogue ingredient', answer: 'IngredientOptionResponse', status: 201 },
  'GET /api/admin/inventory': { summary: 'Stock with costs', answer: 'AdminInventoryList' },
  'GET /api/admin/inventory/{id}/impact': { summary: 'Drinks a stock item pours', answer: 'InventoryImpact' },
  'POST /api/admin/inventory': { summary: 'Add a stock item', answer: 'AdminInventoryResponse', status: 201 },
  'PUT /api/admin/inventory/{id}': { summary: 'Replace a stock item', answer: 'AdminInventoryResponse' },
  'PATCH /api/admin/inventory/{id}': { summary: 'Update a stock item', answer: 'AdminInventoryResponse' },
  'DELETE /api/admin/inventory/{id}': { summary: 'Delete a stock item', answer: 'SuccessFlag' },
  'GET /api/admin/venue': { summary: "The venue's profile", answer: 'AdminVenueResponse' },
  'PUT /api/admin/venue': { summary: "Replace the venue's profile", answer: 'AdminVenueResponse' },
  'PATCH /api/admin/venue': { summary: "Update the venue's profile", answer: 'AdminVenueResponse' },
  'GET /api/admin/translations': { summary: "The menu's translations", answer: 'AdminTranslations' },
  'POST /api/admin/translations/ai-drafts': { summary: 'Draft translations with AI', answer: 'AiDraftsResponse' },
  'PUT /api/admin/translations/venue/{lang}': { summary: "Save the venue's description in a language", answer: 'VenueTextsResponse' },
  'DELETE /api/admin/translations/venue/{lang}': { summary: "Delete the venue's description in a language", answer: 'SuccessFlag' },
  'PUT /api/admin/translations/{id}/{lang}': { summary: 'Save a translation', answer: 'TranslationResponse' },
  'POST /api/admin/translations/{id}/{lang}/approve': { summary: 'Approve a translation', answer: 'TranslationResponse' },
  'DELETE /api/admin/translations/{id}/{lang}': { summary: 'Delete a translation', answer: 'SuccessFlag' },
  'GET /api/admin/analytics': { summary: "The venue's analytics", answer: 'AdminAnalytics' },
  'GET /api/admin/figures': { summary: "The venue's figures", answer: 'AdminFigures' },
  'GET /api/admin/audit-log': { summary: "The venue's audit log", answer: 'AuditLogPage' },
  'POST /api/admin/images': { summary: 'Upload a photo', answer: 'ImageUploadResponse', status: 201 },
  'DELETE /api/admin/images/{key}': { summary: 'Delete a photo' },
  'GET /api/admin/tables': { summary: "The venue's tables", answer: 'VenueTablesResponse' },
  'PUT /api/admin/tables': { summary: "Set the venue's tables", answer: 'VenueTablesResponse' },
  'PUT /api/admin/tables/settings': { summary: 'Table settings', answer: 'VenueTablesResponse' },
  'POST /api/admin/tables/{number}/token': { summary: "Replace a table's QR token", answer: 'VenueTablesResponse' },
  'POST /api/admin/payments/shares/{shareId}/refunds': { summary: 'Refund a card share', answer: 'RefundResponse' },
  'POST /api/admin/imports/menu': { summary: 'Import the menu from CSV', answer: 'ImportResult' },
  'POST /api/admin/imports/inventory': { summary: 'Import stock from CSV', answer: 'ImportResult' },
  'GET /api/admin/exports/menu.csv': { summary: 'Export the menu', media: 'text/csv' },
  'GET /api/admin/exports/inventory.csv': { summary: 'Export stock', media: 'text/csv' },
  'GET /api/admin/exports/orders.csv': { summary: 'Export orders', media: 'text/csv' },
  'GET /api/admin/reports/night': { summary: 'Close-of-night report', answer: 'NightReport' },
  'GET /api/admin/reports/night.csv': { summary: 'Close-of-night report as CSV', media: 'text/csv' },
  'GET /api/admin/team': { summary: "The venue's team", answer: 'TeamList' },
  'POST /api/admin/team': { summary: 'Invite a team member', answer: 'TeamInviteResult', status: 201 },
  'PATCH /api/admin/team/{id}': { summary: 'Change a team member', answer: 'TeamMemberResponse' },
  'POST /api/admin/team/{id}/reset': { summary: "Reset a member's access", answer: 'TeamResetResult' },
  'GET /api/admin/setup': { summary: 'The setup checklist', answer: 'SetupChecklist' },

  // Its credential is the guest's or staff's token in `?token=` on the upgrade (a browser's WebSocket sends no header).
  'GET /api/live/venues/{id}': { summary: "A venue's live events (WebSocket)", status: 101, answerDescription: 'Switching to a WebSocket', security: [{}] },
  'POST /api/ai/vibe': { summary: 'Suggest drinks for a vibe', answer: 'AiSuggestion' },
  'POST /api/ai/chat': { summary: 'Ask the AI bartender', answer: 'AiSuggestion' },
  'POST /api/ai/recommend-new': { summary: 'Invent a drink', answer: 'AiSuggestion' },
  'POST /api/ai/log': { summary: 'Log an AI interaction', status: 201 },
  'POST /api/ai/interactions/{id}/feedback': { summary: 'Rate a suggestion' },
  'POST /api/ai/interactions/{id}/ordered': { summary: 'Mark a suggestion ordered' },
  'GET /api/ai/admin/settings': { summary: "The venue's AI settings", answer: 'AiSettingsResponse' },
  'POST /api/ai/admin/settings': { summary: "Save the venue's AI settings", answer: 'AiSettingsResponse' },
  'GET /api/ai/admin/analytics': { summary: "The AI's analytics", answer: 'AiAnalyticsResponse' },
  'GET /api/ai/global-prompt': { summary: 'The global AI prompt', answer: 'GlobalPrompt' },
  'POST /api/ai/global-prompt': { summary: 'Save the global AI prompt', answer: 'GlobalPrompt' },
  'GET /api/ai/flavor-rules': { summary: 'Flavour rules', answer: 'FlavorRuleList' },
  'POST /api/ai/flavor-rules': { summary: 'Add a flavour rule', answer: 'FlavorRuleResponse', status: 201 },
  'PUT /api/ai/flavor-rules/{id}': { summary: 'Update a flavour rule', answer: 'FlavorRuleResponse' },
  'DELETE /api/ai/flavor-rules/{id}': { summary: 'Delete a flavour rule', answer: 'FlavorRuleDeleted' },
  'GET /api/ai/kpis': { summary: "The AI's key figures", answer: 'AiKpis' },
  'GET /api/ai/interactions': { summary: 'AI interactions', answer: 'AiInteractionList' },
  // Bench-only routes, and their names, stay out of a production build (docs/decisions/194).
  ...(__BARHOP_DEMO_BUILD__ ? {
    'POST /api/dev/bench/d1-insert': { summary: 'Bench: one D1 insert (demo builds)' },
    'POST /api/dev/bench/d1-write-once': { summary: 'Bench: one idempotent write (demo builds)' },
  } : {}),

  'GET /images/art/venue-cover/{file}': { summary: "A venue's generated cover", media: 'image/svg+xml' },
  'GET /images/art/venue-logo/{file}': { summary: "A venue's generated logo", media: 'image/svg+xml' },
  'GET /images/art/venue-icon/{file}': { summary: "A venue's Home Screen icon (PNG, 180, 192 or 512 px)", media: 'image/png' },
  'GET /images/art/{file}': { summary: "A drink's generated art", media: 'image/svg+xml' },
  'GET /images/generated/drink/{file}': { summary: "A drink's generated picture (old address)", media: 'image/*' },
  'GET /images/generated/venue/{file}': { summary: "A venue's generated picture (old address)", media: 'image/*' },
  'GET /images/{key}': { summary: 'An uploaded photo', media: 'image/*' },
};
