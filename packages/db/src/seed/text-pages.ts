/**
 * The shop's default text pages (issue 13): shipping, returns, privacy and terms, in Markdown
 * without raw HTML (decision 0012). They name the shop and its contact address from the seed's
 * configuration. Staff edit the pages afterwards (the back office, later): `seedTextPages` only adds
 * the pages that are missing and never overwrites one.
 *
 * The countries we ship to, and their delivery times, are not written here: the shipping page lists
 * the enabled shipping locations from the database under its text, so the two cannot disagree.
 */
import type { Database } from '../client';
import { textPages } from '../schema';
import { CONFIG } from './data';

export interface TextPageDef {
  slug: string;
  title: string;
  body: string;
}

/** The four pages the footer links to, with the shop's name and contact address filled in. */
export function defaultTextPages(shopName: string, contactEmail: string): TextPageDef[] {
  const mail = `[${contactEmail}](mailto:${contactEmail})`;
  return [
    {
      slug: 'shipping',
      title: 'Shipping',
      body: `${shopName} is based in Singapore. We deliver to the countries listed at the end of this page; you can choose one of them for each delivery address in your address book.

## How long it takes

We pack and hand over orders within 1–2 working days of your payment reaching us (Monday to Friday, except Singapore public holidays). After that, delivery within Singapore usually takes 1–3 working days. For other countries it depends on the destination and on customs; where we know the usual time, it is shown beside the country at the end of this page.

Some products are sourced for you from a merchant or a marketplace first. Where that adds time, the product page or your quotation says so before you order.

These times are what our carriers usually achieve, not a guarantee: weather, peak seasons and customs checks can delay a parcel.

## What it costs

The delivery cost depends on where the parcel goes and on what you order. It is shown at checkout, before you pay, and it is part of your order total. We never add a delivery charge after you have paid.

## Duties and taxes abroad

Parcels sent outside Singapore may be charged import duties or taxes by the destination country. These are set by that country's authorities and are paid by the recipient on arrival; we cannot tell you the amount in advance.

## Addresses

Please check your delivery address before you pay, including the unit number and postal code. If the carrier cannot deliver because the address is wrong or incomplete, the parcel comes back to us and we may have to charge the cost of sending it again.

## Questions about a delivery

If your parcel is late or arrives damaged, e-mail us at ${mail} with your order number. If the packaging is visibly damaged on arrival, please take photos before you open it: they help us settle the matter with the carrier.`,
    },
    {
      slug: 'returns',
      title: 'Returns and refunds',
      body: `We want you to be happy with what you buy from ${shopName}. If you change your mind, you can return most items within **14 days of delivery**.

## What can be returned

An item can be returned if it is:

- unused, unwashed and in the condition you received it;
- in its original packaging, with its tags, manuals and accessories.

For hygiene and safety reasons we cannot take back opened cosmetics, personal-care items, earphones or underwear, food and other perishable goods, or items made or altered to your order. This does not affect items that are faulty.

## Faulty or wrong items

If an item arrives faulty or damaged, or is not what you ordered, tell us within 14 days of delivery. We will repair or replace it, or refund you in full, and we pay for the return. Your rights under Singapore's Consumer Protection (Fair Trading) Act, including the "lemon law" for goods that are defective when delivered, are not affected by this policy.

## How to start a return

1. E-mail us at ${mail} with your order number, the item you want to return and the reason. For a faulty item, please add a photo or short video of the fault.
2. We reply within 2 working days with the return address and how to send the item.
3. Pack the item securely and keep the proof of postage until your refund has arrived.

Please do not send an item back without contacting us first: we cannot trace a parcel we are not expecting.

## Return shipping

If you change your mind, you pay for sending the item back. If the item is faulty, damaged or wrong, we pay.

## Refunds

Once the item has reached us, we check it and e-mail you within 3 working days. If the return is accepted, we refund the price of the item to the payment method you used, in the currency you paid in. Your bank or card issuer may take a further 5–10 working days to show the refund.

The original delivery cost is refunded only when the whole order is returned because it was faulty, damaged or wrong. If a returned item is not in the condition described above, we may refuse the return or reduce the refund, and we will tell you why.`,
    },
    {
      slug: 'privacy',
      title: 'Privacy policy',
      body: `This policy explains what personal data ${shopName} keeps about you, why, for how long, and the rights you have under Singapore's Personal Data Protection Act 2012 (PDPA). ${shopName} is responsible for the personal data collected through this shop.

## What we keep

- **Your account:** your name, e-mail address, mobile phone number, date of birth, country and, if you give it, your gender; and whether you have turned on two-factor authentication. Your password is never stored as such, only as a one-way hash, and your two-factor secret is stored encrypted.
- **Your addresses:** the delivery addresses you save in your address book.
- **Your orders:** what you ordered, the prices, the delivery address, the payment status, and any quotation you asked us for. Card payments are handled by our payment provider: we never receive or store your full card number.
- **Your cart and wishlist,** and the products you viewed recently (the last 30).
- **Messages:** e-mails you send us and the e-mails we send you, such as verification codes and password resets.
- **Technical data:** your IP address, browser and the country it suggests, used to keep the shop secure, to limit repeated sign-in attempts and to suggest a region.

## Cookies

We use these cookies, all set by this shop and none by advertisers:

- **Session cookies** (\`kedai_at\`, \`kedai_rt\`): keep you signed in. The sign-in ends when you sign out, or when you have not used the shop for 24 hours (30 days if you ticked "remember me").
- **Anti-forgery cookie** (\`XSRF-TOKEN\`): proves that a change to your account comes from this shop's own pages and not from another website.
- **Sign-in verification cookie** (\`kedai_verify_sign_in\`): for an hour after you register, lets the browser that proved your password sign in once you verify your e-mail.
- **Visitor cookie** (\`kedai_vid\`): a random number that remembers the products viewed in this browser before you sign in; kept for a year.
- **Region cookies** (\`kedai_region\`, \`kedai_country\`): remember the region and currency you chose; kept for a year.

These cookies are needed for the shop to work, so they cannot be switched off here; you can delete them in your browser at any time, which signs you out.

## Analytics

To learn which pages and products are useful, the shop records page views and shopping events: searches, products viewed, changes to the cart and items added to the wishlist. We use them in aggregate to improve the shop, never to build an advertising profile, and we do not sell them.

## Why we use it

We use your personal data to run your account, deliver and support your orders, answer your questions, send the e-mails you need (codes, order updates), keep the shop and your account secure, and meet our legal obligations, such as keeping tax records. We do not send you marketing e-mails unless you have asked for them.

## Who we share it with

Only with those who help us serve you, and only what they need: the carriers who deliver your parcels, the merchants who fulfil your order, our payment provider, and the companies that host the shop and send its e-mails. They must protect your data as the PDPA requires. Where data is handled outside Singapore, we make sure it is protected to a standard comparable to the PDPA. We disclose personal data to the authorities only where the law requires it.

## How long we keep it

- Your account and addresses: while your account is open. When you ask us to close it, we delete them within 30 days.
- Orders and payment records: 5 years after the order, as Singapore's tax rules require.
- Sign-in sessions: until they end or you sign out.
- Recently viewed products: the last 30; the visitor cookie: a year.

## Your rights under the PDPA

You may:

- **ask for access** to the personal data we hold about you and how it has been used in the past year;
- **ask us to correct** it: you can also change your profile and addresses yourself on your account pages;
- **withdraw your consent** to our use of your data, for example by asking us to close your account. We will tell you what follows, such as that we can no longer process your orders;
- **complain** to the Personal Data Protection Commission (PDPC) if you are not satisfied with our answer.

We answer access and correction requests within 30 days. We may need to confirm your identity first.

## Contact

For any question about your personal data, or to use your rights, write to our Data Protection Officer at ${mail}.

We may update this policy; the date at the top of this page shows when it last changed.`,
    },
    {
      slug: 'terms',
      title: 'Terms and conditions',
      body: `These terms apply when you use ${shopName} and when you buy from us. By creating an account or placing an order you accept them. Please read them together with our [shipping](/help/shipping), [returns](/help/returns) and [privacy](/help/privacy) policies.

## Using the shop

You may browse the shop without an account. Please use it only for lawful, personal shopping: do not try to break into accounts or systems, interfere with the shop, or copy its content in bulk. Products come from ${shopName}, from local merchants and from marketplaces; the merchant of a product is named on its page.

## Your account

- The details you give us must be true and kept up to date.
- Keep your password to yourself; we recommend turning on two-factor authentication. You are responsible for what is done with your account until you tell us it has been misused.
- We may suspend or close an account that breaks these terms or is used for fraud. A suspended account cannot sign in; you can contact us about it.

## Prices and currency

Prices are shown in the currency of the region you have chosen, and you pay in that currency. Prices for each region are set by us; they are not a live conversion from another currency, so they may differ between regions. Prices for Singapore include GST where we are required to charge it. The delivery cost is added at checkout, before you pay.

We check our prices with care, but mistakes can happen. If a price is clearly wrong, we will tell you before we send the item and you may choose to pay the correct price or cancel for a full refund.

## Quotations on marketplace links

When you ask us to source a product from a link to another marketplace, we reply with a quotation: the price of the item, our service fee and delivery, in the currency shown. A quotation is valid for the period stated on it. Accepting it and paying forms an order under these terms. The marketplace's description and photos are the seller's, not ours; we buy the item as described there and cannot guarantee what the marketplace does not. If the item can no longer be bought at the quoted price, we tell you and refund anything you have paid for it.

## Orders and payment

Your order is an offer to buy. A contract is made when we confirm your order by e-mail after your payment has been received. We may decline or cancel an order, for example when an item is out of stock or a price was wrong; if so, we refund everything you paid for it in full.

You pay with one of the payment methods offered at checkout. Delivery follows our [shipping policy](/help/shipping); returns and refunds follow our [returns policy](/help/returns).

## Liability

We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or our negligence. We are not responsible for loss that was not foreseeable, for business losses, or for delays caused by events outside our reasonable control. Except where the law does not allow it to be limited, our liability for an order is limited to the amount you paid for that order.

Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or your rights as a consumer under Singapore law, including the Consumer Protection (Fair Trading) Act.

## Changes to these terms

We may update these terms; the date at the top of this page shows when they last changed. An order is governed by the terms in force when you placed it.

## Governing law

These terms are governed by the laws of Singapore, and the courts of Singapore have jurisdiction over any dispute about them. If you have a complaint, please contact us first at ${mail}: most problems are solved quickly that way.`,
    },
  ];
}

/** The default pages for the demo shop's configuration. */
export const TEXT_PAGES = defaultTextPages(String(CONFIG.shop_name), String(CONFIG.contact_email));

/**
 * Adds the default pages that are missing (ON CONFLICT DO NOTHING): safe to run on every start, and
 * a page staff have edited is left as it is. Answers how many pages were added.
 */
export async function seedTextPages(db: Database, pages: TextPageDef[] = TEXT_PAGES): Promise<number> {
  const added = await db
    .insert(textPages)
    .values(pages)
    .onConflictDoNothing({ target: textPages.slug })
    .returning({ slug: textPages.slug });
  return added.length;
}
