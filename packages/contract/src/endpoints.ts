import { z } from 'zod';
import {
  AdminBannerDetail,
  AdminBannerInput,
  AdminBannerList,
  AdminCategoryInput,
  AdminCountryParam,
  AdminCurrencyInput,
  AdminQuotationPricingInput,
  AdminHomeGroupDetail,
  AdminHomeGroupInput,
  AdminHomeGroupList,
  AdminIdParam,
  AdminImagePageDetail,
  AdminImagePageInput,
  AdminImagePageList,
  AdminMerchantInput,
  AdminPopupDetail,
  AdminPopupInput,
  AdminPopupList,
  AdminProduct,
  AdminProductInput,
  AdminProductList,
  AdminProductListQuery,
  AdminRegionInput,
  AdminRegionParam,
  AdminSettings,
  AdminShippingLocation,
  AdminShippingLocationInput,
  AdminTextPageInput,
  AdminStockAnswer,
  AdminStockChange,
  AuditList,
  AuditQuery,
  StaffAnswer,
  StaffInvite,
  StaffList,
  StaffRoleInput,
  StaffTfaResetAnswer,
} from './admin';
import { ImageUploadAnswer, ImageUploadBody } from './admin-images';
import {
  AdminPayNowSettingsInput,
  AdminPayNowSettleInput,
  AdminPaymentQuery,
  AdminPaymentRejection,
  AdminPaymentTask,
  AdminPaymentTaskList,
  AdminRefundDone,
  CardPayAnswer,
  CardPayRequest,
  PayNowPaidRequest,
  PaymentInfo,
  SavedCardList,
  SavedCardParams,
  WebhookBody,
  WebhookReceipt,
} from './payments';
import { IMAGE_UPLOAD_TYPES } from './constants';
import { BackInStockCancelQuery, BackInStockRequest, BackInStockState } from './back-in-stock';
import { AddressIdParams, AddressListResponse, AddressRequest, AddressResponse } from './addresses';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  OkResponse,
  OutboxQuery,
  OutboxResponse,
  ProfileUpdateRequest,
  RegisterRequest,
  ResendVerifyCodeRequest,
  ResendVerifyCodeResponse,
  ResetPasswordRequest,
  SessionState,
  TfaCancelResetRequest,
  TfaDisableRequest,
  TfaEnabledResponse,
  TfaRecoveryCodesRequest,
  TfaRecoveryCodesResponse,
  TfaResetRequest,
  TfaResetResponse,
  TfaSetupResponse,
  TfaTokenRequest,
  TfaVerifyResponse,
  UserNamesRequest,
  UserNamesResponse,
  UserResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from './auth';
import {
  AddCartItemRequest,
  CartItemIdParams,
  CartItemResponse,
  CartResponse,
  ProductIdParams,
  UpdateCartItemRequest,
  WishlistEntryResponse,
  WishlistRequest,
  WishlistResponse,
} from './cart';
import {
  BannerList,
  CategoryDetail,
  CategoryList,
  HomeGroupByCategory,
  HomeGroupByCategoryQuery,
  HomeProductGroupList,
  IdParam,
  ImagePageDetail,
  MerchantDetail,
  MerchantList,
  PopupList,
  Product,
  ProductFlags,
  ProductList,
  SearchQuery,
  SearchResult,
  SlugParam,
  TextPageDetail,
} from './catalogue';
import { DefaultRegion, PreferRegionRequest, PreferredRegion, RegionList, ShippingLocationList } from './regions';
import {
  AdminQuotationDecline,
  AdminQuotationItem,
  AdminQuotationList,
  AdminQuotationListQuery,
  AdminQuotationResolve,
  CheckPendingQuery,
  CheckPendingResponse,
  QuotationFromCartRequest,
  QuotationFromExternalRequest,
  QuotationFromProductRequest,
  QuotationItemIdParams,
  QuotationItemResponse,
  QuotationItemsResponse,
  QuotationListQuery,
  QuotationRequest,
  SearchExternalRequest,
  SearchExternalResponse,
  UpdateQuotationItemRequest,
} from './quotations';
import {
  CheckoutSession,
  CheckoutSessionCreated,
  CheckoutSessionKeyParams,
  CheckoutSessionQuery,
  CheckoutSessionRequest,
  ConfirmPaymentRequest,
  AdminOrder,
  AdminOrderCancel,
  AdminOrderRefund,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderMove,
  AdminTaxRateInput,
  AdminTaxRateList,
  AdminVoucher,
  AdminVoucherInput,
  AdminVoucherList,
  AdminVoucherRedemptions,
  CostEstimate,
  CreateOrderRequest,
  CreateQuotationOrderRequest,
  DisputeInfo,
  EstimateQuery,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  QuotationEstimateQuery,
  VoucherSummary,
  VoucherValidateRequest,
} from './checkout';
import { Ping, PublicConfig } from './system';

/** The answer of a call that answers 204. */
export const NoContent = z.null().describe('No content');

/** What one call takes and answers on success; every other answer is an `ErrorEnvelope`. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status, when not 200. */
  status?: 201 | 204;
  /** The body's content types, when it is not JSON (the typed client sends a `Blob` or bytes as they are). */
  consumes?: readonly string[];
}

/**
 * Every call of the API, keyed `METHOD /path` with Fastify's `:param` syntax: the one list the
 * typed client (`@kedai/contract/client`) takes its paths and types from. The API's routes are
 * checked against it (apps/api/test/contract.test.ts): same calls, same schemas, same statuses.
 * `POST /cart` answers 201 for a new line and 200 when it merged into one; both carry the same body.
 * `create_order` answers 201 for a new order and 200 for the earlier order of the same `Idempotency-Key`.
 */
export const endpoints = {
  'GET /ping': { response: Ping },
  'GET /config': { response: PublicConfig },

  'GET /region': { response: RegionList },
  'GET /region/enabled': { response: RegionList },
  'GET /region/default': { response: DefaultRegion },
  'GET /region/preferred': { response: PreferredRegion },
  'POST /region/prefer': { body: PreferRegionRequest, response: PreferredRegion },
  'GET /shipping_location/enabled': { response: ShippingLocationList },

  'GET /product/search': { query: SearchQuery, response: SearchResult },
  'GET /product/one/:id': { params: IdParam, response: Product },
  'GET /product/categories': { response: CategoryList },
  'GET /product/:id/flags': { params: IdParam, response: ProductFlags },
  'GET /product/recently_viewed': { response: ProductList },
  'GET /merchant': { response: MerchantList },
  'GET /merchant/:id': { params: IdParam, response: MerchantDetail },
  'GET /banner': { response: BannerList },
  'GET /popup': { response: PopupList },
  'GET /home_product_group': { response: HomeProductGroupList },
  'GET /home_product_group/by_category': { query: HomeGroupByCategoryQuery, response: HomeGroupByCategory },
  'GET /image_page/:id': { params: IdParam, response: ImagePageDetail },
  'GET /text_page/:slug': { params: SlugParam, response: TextPageDetail },

  'POST /auth/register': { body: RegisterRequest, response: UserResponse, status: 201 },
  'POST /auth/verifyEmail': { body: VerifyEmailRequest, response: VerifyEmailResponse },
  'POST /auth/resendVerifyCode': { body: ResendVerifyCodeRequest, response: ResendVerifyCodeResponse },
  'POST /auth/login': { body: LoginRequest, response: SessionState },
  'POST /auth/refreshAccessToken': { response: OkResponse },
  'DELETE /auth/logout': { response: OkResponse },
  'GET /auth/me': { response: SessionState },
  'POST /auth/forgotPassword': { body: ForgotPasswordRequest, response: OkResponse },
  'POST /auth/resetPassword': { body: ResetPasswordRequest, response: OkResponse },
  'POST /auth/changePassword': { body: ChangePasswordRequest, response: OkResponse },

  'POST /tfa/setup': { response: TfaSetupResponse },
  'POST /tfa/verify': { body: TfaTokenRequest, response: TfaVerifyResponse },
  'POST /tfa/skip_setup': { response: OkResponse },
  'GET /tfa/is_enabled': { response: TfaEnabledResponse },
  'POST /tfa/disable_tfa': { body: TfaDisableRequest, response: OkResponse },
  'POST /tfa/requestReset': { response: OkResponse },
  'POST /tfa/reset': { body: TfaResetRequest, response: TfaResetResponse },
  'POST /tfa/cancel_reset': { body: TfaCancelResetRequest, response: OkResponse },
  'POST /tfa/recovery_codes': { body: TfaRecoveryCodesRequest, response: TfaRecoveryCodesResponse },

  'POST /user/profile': { body: ProfileUpdateRequest, response: UserResponse },
  'POST /user/names': { body: UserNamesRequest, response: UserNamesResponse },

  'GET /address': { response: AddressListResponse },
  'POST /address': { body: AddressRequest, response: AddressResponse, status: 201 },
  'PUT /address/:id': { params: AddressIdParams, body: AddressRequest, response: AddressResponse },
  'DELETE /address/:id': { params: AddressIdParams, response: AddressListResponse },
  'POST /address/:id/main': { params: AddressIdParams, response: AddressResponse },

  'GET /cart': { response: CartResponse },
  'POST /cart': { body: AddCartItemRequest, response: CartItemResponse, status: 201 },
  'PUT /cart/:id': { params: CartItemIdParams, body: UpdateCartItemRequest, response: CartItemResponse },
  'DELETE /cart/:id': { params: CartItemIdParams, response: NoContent, status: 204 },

  'GET /wishlist': { response: WishlistResponse },
  'POST /wishlist': { body: WishlistRequest, response: WishlistEntryResponse },
  'GET /wishlist/:productId': { params: ProductIdParams, response: WishlistEntryResponse },
  'DELETE /wishlist/:productId': { params: ProductIdParams, response: WishlistEntryResponse },

  'POST /back_in_stock': { body: BackInStockRequest, response: BackInStockState },
  'GET /back_in_stock/:productId': { params: ProductIdParams, response: BackInStockState },
  'DELETE /back_in_stock/:productId': { params: ProductIdParams, query: BackInStockCancelQuery, response: BackInStockState },

  'POST /product/searchExternal': { body: SearchExternalRequest, response: SearchExternalResponse },
  'GET /product/checkPending': { query: CheckPendingQuery, response: CheckPendingResponse },
  'GET /quotation_item': { response: QuotationItemsResponse },
  'GET /quotation_item/external': { response: QuotationItemsResponse },
  'GET /quotation': { query: QuotationListQuery, response: QuotationItemsResponse },
  'POST /quotation/request': { body: QuotationRequest, response: QuotationItemResponse, status: 201 },
  'POST /quotation_item/internal': { body: QuotationFromCartRequest, response: QuotationItemResponse, status: 201 },
  'POST /quotation_item/internal_product': { body: QuotationFromProductRequest, response: QuotationItemResponse, status: 201 },
  'POST /quotation_item/external': { body: QuotationFromExternalRequest, response: QuotationItemResponse, status: 201 },
  'PUT /quotation_item/:id': { params: QuotationItemIdParams, body: UpdateQuotationItemRequest, response: QuotationItemResponse },
  'DELETE /quotation_item/:id': { params: QuotationItemIdParams, response: NoContent, status: 204 },

  'POST /checkout/session': { body: CheckoutSessionRequest, response: CheckoutSessionCreated, status: 201 },
  'GET /checkout/session/:key': { params: CheckoutSessionKeyParams, query: CheckoutSessionQuery, response: CheckoutSession },
  'DELETE /checkout/session/:key': { params: CheckoutSessionKeyParams, response: NoContent, status: 204 },
  'GET /checkout/estimate_costs': { query: EstimateQuery, response: CostEstimate },
  'GET /quotation_checkout/estimate_costs': { query: QuotationEstimateQuery, response: CostEstimate },
  'POST /checkout/create_order': { body: CreateOrderRequest, response: Order, status: 201 },
  'POST /quotation_checkout/create_order': { body: CreateQuotationOrderRequest, response: Order, status: 201 },
  'POST /voucher/validate': { body: VoucherValidateRequest, response: VoucherSummary },
  'GET /order': { query: OrderListQuery, response: OrderList },
  'GET /order/:id': { params: OrderIdParams, response: Order },
  'GET /quotation_order': { query: OrderListQuery, response: OrderList },
  'GET /quotation_order/:id': { params: OrderIdParams, response: Order },
  'DELETE /order/:id': { params: OrderIdParams, response: Order },
  'POST /order/:id/confirm_receipt': { params: OrderIdParams, response: Order },
  'POST /payment/stripe/card/pay': { body: CardPayRequest, response: CardPayAnswer },
  'GET /payment/stripe/card/payment_methods': { response: SavedCardList },
  'DELETE /payment/stripe/card/payment_methods/:id': { params: SavedCardParams, response: OkResponse },
  'POST /payment/stripe/webhook': { body: WebhookBody, consumes: ['application/json'], response: WebhookReceipt },
  'POST /order/:id/pay/confirm': { params: OrderIdParams, body: ConfirmPaymentRequest, response: Order },
  'GET /order/:id/dispute_info': { params: OrderIdParams, response: DisputeInfo },
  'GET /order/:id/dispute_info/v1': { params: OrderIdParams, response: DisputeInfo },
  'POST /order/:id/payment_info': { params: OrderIdParams, response: PaymentInfo },
  'POST /order/:id/paynow_paid': { params: OrderIdParams, body: PayNowPaidRequest, response: Order },

  /** Only where the development outbox is on (never in production). */
  'GET /dev/outbox': { query: OutboxQuery, response: OutboxResponse },

  'GET /admin/product': { query: AdminProductListQuery, response: AdminProductList },
  'GET /admin/product/:id': { params: AdminIdParam, response: AdminProduct },
  'POST /admin/product': { body: AdminProductInput, response: AdminProduct, status: 201 },
  'PUT /admin/product/:id': { params: AdminIdParam, body: AdminProductInput, response: AdminProduct },
  'POST /admin/product/:id/stock': { params: AdminIdParam, body: AdminStockChange, response: AdminStockAnswer },
  'GET /admin/audit': { query: AuditQuery, response: AuditList },
  'GET /admin/staff': { response: StaffList },
  'POST /admin/staff': { body: StaffInvite, response: StaffAnswer, status: 201 },
  'PUT /admin/staff/:id': { params: AdminIdParam, body: StaffRoleInput, response: StaffAnswer },
  'POST /admin/staff/:id/reset_tfa': { params: AdminIdParam, response: StaffTfaResetAnswer },
  'POST /admin/category': { body: AdminCategoryInput, response: CategoryDetail, status: 201 },
  'PUT /admin/category/:id': { params: AdminIdParam, body: AdminCategoryInput, response: CategoryDetail },
  'DELETE /admin/category/:id': { params: AdminIdParam, response: NoContent, status: 204 },
  'POST /admin/merchant': { body: AdminMerchantInput, response: MerchantDetail, status: 201 },
  'PUT /admin/merchant/:id': { params: AdminIdParam, body: AdminMerchantInput, response: MerchantDetail },
  'GET /admin/settings': { response: AdminSettings },
  'PUT /admin/settings/currency': { body: AdminCurrencyInput, response: AdminSettings },
  'PUT /admin/settings/quotation_pricing': { body: AdminQuotationPricingInput, response: AdminSettings },
  'PUT /admin/settings/paynow': { body: AdminPayNowSettingsInput, response: AdminSettings },
  'PUT /admin/settings/paynow_settle': { body: AdminPayNowSettleInput, response: AdminSettings },
  'PUT /admin/region/:key': { params: AdminRegionParam, body: AdminRegionInput, response: AdminSettings },
  'PUT /admin/shipping_location/:countryCode': {
    params: AdminCountryParam,
    body: AdminShippingLocationInput,
    response: AdminShippingLocation,
  },
  'PUT /admin/text_page/:slug': { params: SlugParam, body: AdminTextPageInput, response: TextPageDetail },
  'GET /admin/banner': { response: AdminBannerList },
  'POST /admin/banner': { body: AdminBannerInput, response: AdminBannerDetail, status: 201 },
  'PUT /admin/banner/:id': { params: AdminIdParam, body: AdminBannerInput, response: AdminBannerDetail },
  'DELETE /admin/banner/:id': { params: AdminIdParam, response: NoContent, status: 204 },
  'GET /admin/popup': { response: AdminPopupList },
  'POST /admin/popup': { body: AdminPopupInput, response: AdminPopupDetail, status: 201 },
  'PUT /admin/popup/:id': { params: AdminIdParam, body: AdminPopupInput, response: AdminPopupDetail },
  'DELETE /admin/popup/:id': { params: AdminIdParam, response: NoContent, status: 204 },
  'GET /admin/home_product_group': { response: AdminHomeGroupList },
  'POST /admin/home_product_group': { body: AdminHomeGroupInput, response: AdminHomeGroupDetail, status: 201 },
  'PUT /admin/home_product_group/:id': { params: AdminIdParam, body: AdminHomeGroupInput, response: AdminHomeGroupDetail },
  'DELETE /admin/home_product_group/:id': { params: AdminIdParam, response: NoContent, status: 204 },
  'GET /admin/image_page': { response: AdminImagePageList },
  'POST /admin/image_page': { body: AdminImagePageInput, response: AdminImagePageDetail, status: 201 },
  'PUT /admin/image_page/:id': { params: AdminIdParam, body: AdminImagePageInput, response: AdminImagePageDetail },
  'DELETE /admin/image_page/:id': { params: AdminIdParam, response: NoContent, status: 204 },
  'GET /admin/quotation_item': { query: AdminQuotationListQuery, response: AdminQuotationList },
  'GET /admin/quotation_item/:id': { params: AdminIdParam, response: AdminQuotationItem },
  'POST /admin/quotation_item/:id/resolve': { params: AdminIdParam, body: AdminQuotationResolve, response: AdminQuotationItem },
  'POST /admin/quotation_item/:id/decline': { params: AdminIdParam, body: AdminQuotationDecline, response: AdminQuotationItem },
  'GET /admin/order': { query: AdminOrderListQuery, response: AdminOrderList },
  'GET /admin/order/:id': { params: AdminIdParam, response: AdminOrder },
  'POST /admin/order/:id/status': { params: AdminIdParam, body: AdminOrderMove, response: AdminOrder },
  'POST /admin/order/:id/cancel': { params: AdminIdParam, body: AdminOrderCancel, response: AdminOrder },
  'POST /admin/order/:id/refund': { params: AdminIdParam, body: AdminOrderRefund, response: AdminOrder },
  'GET /admin/payment': { query: AdminPaymentQuery, response: AdminPaymentTaskList },
  'POST /admin/payment/:id/confirm': { params: AdminIdParam, response: AdminPaymentTask },
  'POST /admin/payment/:id/reject': { params: AdminIdParam, body: AdminPaymentRejection, response: AdminPaymentTask },
  'POST /admin/payment/:id/refunded': { params: AdminIdParam, body: AdminRefundDone, response: AdminPaymentTask },
  'POST /admin/payment/:id/release': { params: AdminIdParam, body: AdminPaymentRejection, response: AdminPaymentTask },
  'GET /admin/tax_rate': { response: AdminTaxRateList },
  'PUT /admin/tax_rate/:countryCode': { params: AdminCountryParam, body: AdminTaxRateInput, response: AdminTaxRateList },
  'DELETE /admin/tax_rate/:countryCode': { params: AdminCountryParam, response: AdminTaxRateList },
  'GET /admin/voucher': { response: AdminVoucherList },
  'POST /admin/voucher': { body: AdminVoucherInput, response: AdminVoucher, status: 201 },
  'PUT /admin/voucher/:id': { params: AdminIdParam, body: AdminVoucherInput, response: AdminVoucher },
  'GET /admin/voucher/:id/redemptions': { params: AdminIdParam, response: AdminVoucherRedemptions },
  'POST /admin/image': { body: ImageUploadBody, consumes: IMAGE_UPLOAD_TYPES, response: ImageUploadAnswer, status: 201 },
} as const satisfies Record<string, EndpointSchemas>;

type Schemas = typeof endpoints;
export type EndpointKey = keyof Schemas;

/** A query as a caller writes it: the parsed types, every key optional, null or undefined left out. */
type QueryOf<S> = S extends z.ZodType ? { [K in keyof z.output<S>]?: z.output<S>[K] | null } : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** Each call's path parameters, query, body (as sent) and success answer (as received). */
export type Endpoints = {
  [K in EndpointKey]: {
    params: InputOf<Schemas[K] extends { params: infer P } ? P : undefined>;
    query: QueryOf<Schemas[K] extends { query: infer Q } ? Q : undefined>;
    body: InputOf<Schemas[K] extends { body: infer B } ? B : undefined>;
    response: Schemas[K] extends { status: 204 } ? undefined : z.output<Schemas[K]['response']>;
  };
};
