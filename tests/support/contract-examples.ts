import { aiContract } from '../../schema/ai/contract.js';
import { authContract } from '../../schema/auth/contract.js';
import { billingContract } from '../../schema/billing/contract.js';
import { bookingsContract } from '../../schema/bookings/contract.js';
import { classifiedsContract } from '../../schema/classifieds/contract.js';
import { contactContract } from '../../schema/contact/contract.js';
import { contentContract } from '../../schema/content/contract.js';
import { driveContract } from '../../schema/drive/contract.js';
import { eventsContract } from '../../schema/events/contract.js';
import { invoicesContract } from '../../schema/invoices/contract.js';
import { mailContract } from '../../schema/mail/contract.js';
import { picturesContract } from '../../schema/pictures/contract.js';
import { marketplaceContract } from '../../schema/marketplace/contract.js';
import { posContract } from '../../schema/pos/contract.js';
import { projectsContract } from '../../schema/projects/contract.js';
import { publicContract } from '../../schema/public/contract.js';
import { syncContract } from '../../schema/sync/contract.js';
import { workspacesContract } from '../../schema/workspaces/contract.js';
import type { EndpointDef, EndpointInput } from '../../schema/kit/http.js';

/**
 * The whole API contract by area, and a valid input for every endpoint of it: the bad-input walk
 * sends each one bad shapes, the resource walk sends each one signed out.
 */
export const contract = {
  auth: authContract,
  contact: contactContract,
  workspaces: workspacesContract,
  public: publicContract,
  sync: syncContract,
  billing: billingContract,
  drive: driveContract,
  pictures: picturesContract,
  pos: posContract,
  invoices: invoicesContract,
  projects: projectsContract,
  marketplace: marketplaceContract,
  classifieds: classifiedsContract,
  events: eventsContract,
  content: contentContract,
  ai: aiContract,
  bookings: bookingsContract,
  mail: mailContract,
};
export type Contract = typeof contract;

/**
 * A valid input for every endpoint of the contract. The type names every endpoint, so a new one
 * does not build until it has an example here, and the walk below then sends it every bad shape.
 */
export type Examples = {
  [G in keyof Contract]: { [K in keyof Contract[G]]: Contract[G][K] extends EndpointDef ? EndpointInput<Contract[G][K]> : never };
};

export const EXAMPLE_PASSWORD = 'correct-horse-1';
const PASSWORD = EXAMPLE_PASSWORD;

export function examples(ws: number, registerEmail: string): Examples {
  return {
    auth: {
      register: {
        body: {
          full_name: 'Thandi Nkosi',
          email: registerEmail,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          age_confirmed: true,
          terms_accepted: true,
          plan: 'free',
        },
      },
      login: { body: { email: registerEmail, password: PASSWORD } },
      logout: {},
      refresh: {},
      checkSession: {},
      currentUser: {},
      updateProfile: {
        body: {
          full_name: 'Thandi Nkosi',
          username: 'thandi',
          title: 'Owner',
          bio: 'Sells vetkoek',
          phone: '+27 82 000 0000',
          avatar_url: 'https://example.test/a.png',
        },
      },
      changePassword: { body: { currentPassword: PASSWORD, password: 'new-horse-22', confirmPassword: 'new-horse-22' } },
      deleteAccount: { body: { password: PASSWORD, confirm: 'DELETE' } },
      verifyEmail: { body: { code: '123456' } },
      resendVerification: {},
      requestReset: { body: { email: registerEmail } },
      resetPassword: { body: { token: 't'.repeat(43), password: PASSWORD, confirmPassword: PASSWORD } },
      socialProviders: {},
      socialAuthUrl: { params: { provider: 'facebook' }, query: { redirect: '/cart' } },
      socialSendCode: { body: { email: registerEmail } },
      verifySocialEmail: { body: { email: registerEmail, verification_code: '123456' } },
    },
    contact: {
      send: { body: { name: 'Thandi Nkosi', email: registerEmail, subject: 'A question', message: 'How do I print a receipt?' } },
    },
    workspaces: {
      list: {},
      get: { params: { id: ws } },
      create: { body: { name: 'Bad Input Spaza', description: 'Corner shop', industry: 'Retail', type: 'retail' } },
      autoCreate: { body: { name: 'Bad Input Ads', type: 'classifieds' } },
      update: {
        params: { id: ws },
        body: {
          name: 'Renamed Spaza',
          description: 'Still a shop',
          industry: 'Retail',
          logo: 'https://example.test/l.png',
          storefront_enabled: false,
        },
      },
      remove: { params: { id: ws } },
      getSettings: { params: { id: ws } },
      updateSettings: {
        params: { id: ws },
        body: {
          colors: { primary: '#123456' },
          dark_mode: false,
          logo: 'https://example.test/l.png',
          favicon: 'https://example.test/f.png',
          timezone: 'Africa/Johannesburg',
          date_format: 'DD/MM/YYYY',
          time_format: 'HH:mm',
          language: 'en',
          currency: 'ZAR',
          email_template: 'Hello {{name}}',
          email_signature: 'Thandi',
          email_from: 'shop@example.test',
          email_cc: 'cc@example.test',
          email_bcc: 'bcc@example.test',
          email_reply_to: 'reply@example.test',
          allowed_file_types: ['image/*'],
        },
      },
      capabilities: { params: { id: ws } },
      members: { params: { id: ws } },
      invite: { params: { id: ws }, body: { email: 'invitee@example.test', role: 'member' } },
      updateMember: { params: { id: ws, memberId: 1 }, body: { role: 'admin' } },
      removeMember: { params: { id: ws, memberId: 1 } },
      previewInvitation: { body: { token: 't'.repeat(43) } },
      acceptInvitation: { body: { token: 't'.repeat(43) } },
    },
    public: { exchangeRates: {} },
    sync: {
      pull: { params: { collection: 'contacts' }, query: { workspace: ws, seq: 0, id: '', limit: 100 } },
      // Pushed documents are validated one by one (a refused one is answered in `rejected`, not with a
      // 400 for the batch): the replicated collections' own walk below sends them the bad shapes.
      push: { params: { collection: 'contacts' }, query: { workspace: ws }, body: [] },
      pullMany: { query: { workspace: ws }, body: [{ collection: 'contacts', seq: 0, id: '', limit: 100 }] },
      // As `push`: the documents' own bad shapes are the replicated collections' walk below.
      pushMany: { query: { workspace: ws }, body: [{ collection: 'contacts', rows: [] }] },
      reserveNumbers: { params: { id: ws }, body: { device_id: 'device-0001', series: 'invoice', size: 50 } },
      numberSeries: { params: { id: ws } },
      setSeriesStart: { params: { id: ws, series: 'invoice' }, body: { next_number: 500 } },
    },
    billing: {
      overview: {},
      subscriptionCheckout: { body: { cycle: 'monthly', promo_code: 'WELCOME', return_path: '/subscription/topup' } },
      startTrial: {},
      cancelSubscription: {},
      creditsCheckout: { body: { pack: 'credits_50', promo_code: 'WELCOME', return_path: '/subscription/topup' } },
      creditsChargeSaved: { body: { pack: 'credits_50', promo_code: 'WELCOME', payment_method_id: 1 } },
      verify: { body: { reference: 'ref_123' } },
      adjustCredits: { body: { email: 'thandi@example.co.za', amount: -5, reason: 'Refund reversed' } },
      checkPromo: { body: { code: 'WELCOME', item: 'pro_monthly' } },
      history: {},
      paymentMethods: {},
      setDefaultMethod: { params: { id: 1 } },
      removeMethod: { params: { id: 1 } },
    },
    drive: {
      list: { params: { id: ws }, query: { folder: FOLDER, q: 'invoice', trash: '0' } },
      usage: { params: { id: ws } },
      createFolder: { params: { id: ws }, body: { name: 'Invoices', parent_id: FOLDER } },
      updateFolder: { params: { id: ws, folderId: FOLDER }, body: { name: 'Receipts', parent_id: FOLDER } },
      deleteFolder: { params: { id: ws, folderId: FOLDER } },
      restoreFolder: { params: { id: ws, folderId: FOLDER } },
      getFile: { params: { id: ws, fileId: FILE } },
      updateFile: { params: { id: ws, fileId: FILE }, body: { name: 'logo.png', folder_id: FOLDER } },
      trashFile: { params: { id: ws, fileId: FILE } },
      restoreFile: { params: { id: ws, fileId: FILE } },
      deleteFile: { params: { id: ws, fileId: FILE } },
      content: { params: { id: ws, fileId: FILE }, query: { view: 'inline' } },
      thumbnail: { params: { id: ws, fileId: FILE } },
      links: { params: { id: ws, fileId: FILE } },
      createLink: { params: { id: ws, fileId: FILE }, body: { expires_at: '2030-01-01T00:00:00Z' } },
      revokeLink: { params: { id: ws, linkId: FILE } },
      shared: { params: { token: 't'.repeat(43) } },
    },
    pictures: {
      picture: { params: { id: ws, fileId: FILE }, query: { w: '256' } },
    },
    pos: {
      receipt: { params: { token: 't'.repeat(43) } },
    },
    invoices: {
      preferences: { params: { id: ws } },
      updatePreferences: { params: { id: ws }, body: { reminders_enabled: false } },
      outreach: { params: { id: ws, documentId: DOCUMENT } },
      shareLink: { params: { id: ws, documentId: DOCUMENT } },
      publicInvoice: { params: { slug: 'bad-input-spaza', number: 'INV-000001' }, query: { t: 't'.repeat(32), ref: 'ref_123' } },
      payInvoice: { params: { slug: 'bad-input-spaza', number: 'INV-000001' }, body: { t: 't'.repeat(32), email: 'payer@example.test' } },
      publicQuote: { params: { slug: 'bad-input-spaza', number: 'QUO-000001' }, query: { t: 't'.repeat(32) } },
      acceptQuote: { params: { slug: 'bad-input-spaza', number: 'QUO-000001' }, body: { t: 't'.repeat(32) } },
    },
    projects: {
      list: { params: { id: ws } },
      create: { params: { id: ws }, body: { name: 'Stock take', description: 'Count the back room', status: 'active', priority: 'high' } },
      get: { params: { id: ws, projectId: PROJECT } },
      update: {
        params: { id: ws, projectId: PROJECT },
        body: { name: 'Year-end stock take', description: 'And the front', status: 'on_hold', priority: 'low' },
      },
      addMember: { params: { id: ws, projectId: PROJECT }, body: { user_id: 1, role: 'member' } },
      removeMember: { params: { id: ws, projectId: PROJECT, userId: 1 } },
      due: { params: { id: ws }, query: { from: '2026-03-01', to: '2026-03-31' } },
      channels: { params: { id: ws } },
      createChannel: { params: { id: ws }, body: { name: 'Market day' } },
    },
    marketplace: {
      settings: { params: { id: ws } },
      saveSettings: {
        params: { id: ws },
        body: {
          shipping_enabled: true,
          shipping_rates: [{ name: 'Courier', price_cents: 9_900 }],
          payment_gateway: 'eft',
          order_prefix: 'SPZ',
          auto_fulfill_digital: false,
          order_confirmation_email: true,
          checkout_fields: ['phone'],
          terms: 'Paid before delivery',
          return_policy: 'Returns within 7 days',
          featured_product_ids: ['vetkoek-1'],
        },
      },
      home: { query: { q: 'vetkoek', category: 'Food' } },
      product: { params: { productId: `${ws}-vetkoek-1` } },
      picture: { params: { productId: `${ws}-vetkoek-1` }, query: { w: '256' } },
      storefront: { params: { slug: 'bad-input-spaza' } },
      directory: { query: { q: 'spaza', category: 'Retail', area: 'Soweto' } },
      cart: {},
      addToCart: { body: { product_id: `${ws}-vetkoek-1`, quantity: 2 } },
      setQuantity: { params: { productId: `${ws}-vetkoek-1` }, body: { quantity: 3 } },
      removeFromCart: { params: { productId: `${ws}-vetkoek-1` } },
      mergeCart: { body: { items: [{ product_id: `${ws}-vetkoek-1`, quantity: 2, price_seen_cents: 1_500 }] } },
      previewCart: { body: { items: [{ product_id: `${ws}-vetkoek-1`, quantity: 2, price_seen_cents: 1_500 }] } },
      checkoutQuote: { body: { shipping: [{ seller: 'bad-input-spaza', rate: 'Courier' }] } },
      checkout: {
        body: {
          address: {
            name: 'Thandi Mokoena',
            line1: '12 Vilakazi St',
            city: 'Soweto',
            province: 'Gauteng',
            postal_code: '1804',
            country: 'ZA',
            phone: '0821234567',
          },
          shipping: [{ seller: 'bad-input-spaza', rate: 'Courier' }],
        },
      },
      checkoutState: { params: { reference: `vkord_${'0a'.repeat(12)}` } },
      myOrders: {},
      sellerOrders: { params: { id: ws }, query: { status: 'confirmed' } },
      sellerOrder: { params: { id: ws, orderId: ORDER } },
      setOrderStatus: { params: { id: ws, orderId: ORDER }, body: { status: 'shipped', tracking_number: 'TRK123' } },
      refundOrder: { params: { id: ws, orderId: ORDER }, body: { amount_cents: 1_000, restock: true, note: 'Damaged' } },
      payout: { params: { id: ws } },
      savePayout: { params: { id: ws }, body: { business_name: 'Spaza', settlement_bank: '632005', account_number: '1234567890' } },
      reviews: { params: { productId: `${ws}-vetkoek-1` } },
      writeReview: {
        params: { productId: `${ws}-vetkoek-1` },
        body: { rating: 5, title: 'Fresh', content: 'Warm and fresh every morning' },
      },
      sellerReviews: { params: { id: ws } },
      moderateReview: { params: { id: ws, reviewId: ORDER }, body: { status: 'hidden', seller_response: 'Thank you' } },
      wishlist: {},
      addToWishlist: { params: { productId: `${ws}-vetkoek-1` } },
      removeFromWishlist: { params: { productId: `${ws}-vetkoek-1` } },
    },
    classifieds: {
      list: { params: { id: ws } },
      create: {
        params: { id: ws },
        body: {
          title: 'Blue bicycle',
          description: '21 gears, new tyres',
          category: 'sport_leisure',
          price_cents: 150_000,
          images: [FILE],
          area: 'Soweto',
          run_days: 30,
          allow_appointments: true,
          status: 'draft',
        },
      },
      get: { params: { id: ws, classifiedId: LISTING } },
      update: {
        params: { id: ws, classifiedId: LISTING },
        body: {
          title: 'Red bicycle',
          description: '18 gears',
          category: 'sport_leisure',
          price_cents: 120_000,
          images: [FILE],
          area: 'Alexandra',
          allow_appointments: false,
          status: 'paused',
        },
      },
      renew: { params: { id: ws, classifiedId: LISTING } },
      viewings: { params: { id: ws }, query: { from: '2026-03-01', to: '2026-03-31' } },
      browse: { query: { category: 'sport_leisure', area: 'Soweto', q: 'bicycle', sort: 'price_asc' } },
      listing: { params: { classifiedId: LISTING } },
      photo: { params: { classifiedId: LISTING, fileId: FILE }, query: { w: '256' } },
      myInquiries: { params: { classifiedId: LISTING } },
      ask: {
        params: { classifiedId: LISTING },
        body: { request_type: 'offer', message: 'Would you take less?', offer_amount_cents: 100_000, viewing_at: '2030-01-01T10:00:00Z' },
      },
      report: { params: { classifiedId: LISTING }, body: { reason: 'Asks for payment outside Vuka', message_id: MESSAGE } },
      thread: { params: { inquiryId: INQUIRY } },
      send: { params: { inquiryId: INQUIRY }, body: { message: 'Is it still there?' } },
      respond: { params: { inquiryId: INQUIRY }, body: { action: 'counter', amount_cents: 110_000, note: 'Meet me halfway' } },
      reports: { query: { status: 'resolved' } },
      resolveReport: { params: { reportId: REPORT }, body: { action: 'remove', note: 'Deposit scam' } },
    },
    events: {
      list: { params: { id: ws } },
      create: {
        params: { id: ws },
        body: {
          title: 'Market day',
          slug: 'bad-input-market-day',
          description: 'Stalls and music',
          category: 'Market',
          location: 'Town hall',
          is_online: false,
          max_attendees: 200,
          price: '150.00',
          visibility: 'public',
          status: 'draft',
          cover_image: FILE,
          gallery: [FILE],
          requires_approval: false,
          start_date: '2030-03-01T09:00',
          end_date: '2030-03-01T17:00',
        },
      },
      get: { params: { id: ws, eventId: EVENT } },
      update: {
        params: { id: ws, eventId: EVENT },
        body: {
          title: 'Night market',
          description: 'Stalls, music and lights',
          category: 'Market',
          location: 'Town square',
          is_online: false,
          max_attendees: 300,
          price: '120.00',
          visibility: 'private',
          status: 'draft',
          cover_image: FILE,
          gallery: [FILE],
          requires_approval: true,
          start_date: '2030-03-01T18:00',
          end_date: '2030-03-01T23:00',
        },
      },
      addTicketType: {
        params: { id: ws, eventId: EVENT },
        body: { name: 'General', price_cents: 15_000, quantity: 100, sale_starts: '2030-01-01T09:00', sale_ends: '2030-02-28T17:00' },
      },
      updateTicketType: {
        params: { id: ws, eventId: EVENT, typeId: TICKET_TYPE },
        body: { name: 'Early bird', price_cents: 10_000, quantity: 50, sale_starts: '2030-01-01T09:00', sale_ends: '2030-01-31T17:00' },
      },
      attendees: { params: { id: ws, eventId: EVENT } },
      cancelAttendee: { params: { id: ws, eventId: EVENT, attendeeId: ATTENDEE } },
      approvals: { params: { id: ws, eventId: EVENT } },
      approve: { params: { id: ws, eventId: EVENT, registrationId: REGISTRATION } },
      decline: { params: { id: ws, eventId: EVENT, registrationId: REGISTRATION } },
      message: { params: { id: ws, eventId: EVENT }, body: { subject: 'Parking', body: 'Park behind the hall.' } },
      doorKit: { params: { id: ws, eventId: EVENT } },
      report: { params: { id: ws, eventId: EVENT } },
      publicList: { query: { q: 'market' } },
      publicGet: { params: { slug: 'bad-input-market-day' } },
      publicPicture: { params: { slug: 'bad-input-market-day', fileId: FILE }, query: { w: '256' } },
      order: {
        params: { slug: 'bad-input-market-day' },
        body: { lines: [{ ticket_type_id: TICKET_TYPE, quantity: 2 }], name: 'Sipho Dlamini', email: 'sipho@example.test' },
      },
      checkout: { params: { slug: 'bad-input-market-day', reference: `vktkt_${'0a'.repeat(12)}` } },
      ticket: { params: { token: 't'.repeat(43) } },
    },
    content: {
      list: { params: { id: ws }, query: { status: 'draft', type: 'article' } },
      create: {
        params: { id: ws },
        body: {
          type: 'article',
          title: 'Winter stock tips',
          slug: 'winter-stock-tips',
          body: '<p>Order <strong>early</strong>.</p>',
          excerpt: 'Order early',
          seo_title: 'Winter stock tips',
          seo_description: 'How to stock up for winter',
          tags: ['stock'],
          category_id: CONTENT_CATEGORY,
          cover_file_id: FILE,
          status: 'draft',
          scheduled_at: '2030-01-01T08:00:00Z',
        },
      },
      get: { params: { id: ws, entryId: CONTENT_ENTRY } },
      update: {
        params: { id: ws, entryId: CONTENT_ENTRY },
        body: {
          type: 'post',
          title: 'Summer stock tips',
          slug: 'summer-stock-tips',
          body: '<p>Order late.</p>',
          excerpt: 'Order late',
          seo_title: 'Summer stock tips',
          seo_description: 'How to stock up for summer',
          tags: ['summer'],
          category_id: CONTENT_CATEGORY,
          cover_file_id: FILE,
          status: 'review',
          scheduled_at: '2030-01-01T08:00:00Z',
        },
      },
      categories: { params: { id: ws } },
      createCategory: { params: { id: ws }, body: { name: 'Guides' } },
      front: { query: { category: 'guides', author: 'Thandi Nkosi' } },
      article: { params: { slug: 'winter-stock-tips' } },
      cover: { params: { slug: 'winter-stock-tips' }, query: { w: '256' } },
      feature: { params: { slug: 'winter-stock-tips' }, body: { featured: true } },
    },
    ai: {
      balance: { params: { id: ws } },
      generate: { params: { id: ws }, body: { operation: 'product_description', brief: 'Handwoven baskets from Durban' } },
      templates: { params: { id: ws } },
      createTemplate: {
        params: { id: ws },
        body: { name: 'Launch', operation: 'caption', template: 'New {{product}} today', variables: ['product'] },
      },
      updateTemplate: {
        params: { id: ws, templateId: TEMPLATE },
        body: { name: 'Launch day', operation: 'caption', template: 'Today: {{product}}', variables: ['product'] },
      },
      deleteTemplate: { params: { id: ws, templateId: TEMPLATE } },
    },
    bookings: {
      services: { params: { id: ws } },
      createService: {
        params: { id: ws },
        body: {
          title: 'Haircut',
          description: 'Wash and cut',
          price_cents: 15_000,
          duration_minutes: 45,
          category: 'Hair',
          featured: true,
          is_public: true,
          status: 'active',
          staff_ids: [STAFF],
          availability: { buffer_after_minutes: 15 },
        },
      },
      updateService: {
        params: { id: ws, serviceId: SERVICE },
        body: { title: 'Long haircut', duration_minutes: 60, staff_ids: [STAFF], availability: { slot_step_minutes: 15 } },
      },
      staff: { params: { id: ws } },
      createStaff: {
        params: { id: ws },
        body: {
          name: 'Thandi',
          email: 'thandi@example.test',
          hours: { '1': [{ start: '09:00', end: '17:00' }] },
          off_weekdays: [0],
          active: true,
        },
      },
      updateStaff: {
        params: { id: ws, staffId: STAFF },
        body: { name: 'Thandi N', hours: { '2': [{ start: '08:00', end: '12:00' }] }, off_weekdays: [6] },
      },
      addTimeOff: {
        params: { id: ws, staffId: STAFF },
        body: { start_at: '2030-03-01T08:00:00Z', end_at: '2030-03-02T08:00:00Z', reason: 'Leave' },
      },
      removeTimeOff: { params: { id: ws, staffId: STAFF, timeOffId: STAFF } },
      rules: { params: { id: ws } },
      putRules: {
        params: { id: ws },
        body: {
          buffer_before_minutes: 5,
          buffer_after_minutes: 10,
          min_notice_minutes: 60,
          horizon_days: 30,
          slot_step_minutes: 15,
          daily_limit: 8,
          cancel_cutoff_hours: 24,
        },
      },
      appointments: { params: { id: ws }, query: { from: '2030-03-01', to: '2030-03-07', staff_id: STAFF } },
      createAppointment: {
        params: { id: ws },
        body: {
          service_id: SERVICE,
          staff_id: STAFF,
          start_at: '2030-03-04T09:00:00Z',
          customer_name: 'Sipho Dlamini',
          customer_email: 'sipho@example.test',
          customer_phone: '082 555 1234',
        },
      },
      updateAppointment: {
        params: { id: ws, appointmentId: APPOINTMENT },
        body: { start_at: '2030-03-04T10:00:00Z', staff_id: STAFF, status: 'confirmed', cancel_reason: 'Moved' },
      },
      publicServices: { query: { storefront: 'bad-input-salon', q: 'hair' } },
      publicService: { params: { publicServiceId: SERVICE } },
      slots: { params: { publicServiceId: SERVICE }, query: { from: '2030-03-01', to: '2030-03-07' } },
      book: {
        params: { publicServiceId: SERVICE },
        body: {
          start_at: '2030-03-04T09:00:00Z',
          staff_id: STAFF,
          customer_name: 'Sipho Dlamini',
          customer_email: 'sipho@example.test',
          customer_phone: '082 555 1234',
        },
      },
      booking: { params: { bookingToken: `${'0a'.repeat(16)}${'A'.repeat(22)}` } },
      cancelBooking: { params: { bookingToken: `${'0a'.repeat(16)}${'A'.repeat(22)}` }, body: { reason: 'Cannot make it' } },
      rescheduleBooking: {
        params: { bookingToken: `${'0a'.repeat(16)}${'A'.repeat(22)}` },
        body: { start_at: '2030-06-03T09:00:00.000Z' },
      },
    },
    mail: { confirm: { body: { token: 'A'.repeat(43) } } },
  };
}

const FOLDER = '0b6f2d4e-8c1a-4e3b-9f5d-7a2c1e0d9b8a';
const CONTENT_ENTRY = '5a7c9e1b-3d5f-4a7c-9e1b-3d5f7a9c1e3b';
const CONTENT_CATEGORY = '7c9e1b3d-5f7a-4c9e-8b3d-5f7a9c1e3b5d';
const FILE = '5d3c9a1b-2e4f-4a6b-8c7d-9e0f1a2b3c4d';
const DOCUMENT = '7e1a3c5b-9d2f-4b6a-8e0c-1f3a5b7c9d2e';
const PROJECT = '2c4e6a8b-1d3f-4a5c-9e7b-0d2f4a6c8e1b';
const LISTING = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const INQUIRY = '3f5a7c9e-2b4d-4f6a-8c1e-5a7c9e2b4d6f';
const MESSAGE = '6b8d0f2a-4c6e-4a8b-9d1f-3a5c7e9b1d3f';
const REPORT = '2c4e6a8b-0d2f-4b6d-8e0a-4c6e8a0b2d4f';
const EVENT = '8d0f2b4a-6c8e-4b1d-a3f5-7c9e1b3d5f7a';
const TICKET_TYPE = '1a3c5e7b-9d2f-4c4e-b6a8-0f2d4b6a8c0e';
const ORDER = '4e6a8c0b-2d4f-4b6e-9a1c-3e5a7c9b1d3f';
const ATTENDEE = '4e6a8c0f-2b4d-4e6f-a8c1-3e5a7c9b1d2f';
const REGISTRATION = '6c8e0a2b-4d6f-4a8c-b1e3-5f7a9c1d3e5b';
const TEMPLATE = '2b4d6f8a-0c2e-4a6c-8e0a-2c4e6a8c0e2a';
const SERVICE = '7a9c1e3b-5d7f-4a9b-8c1d-2e4f6a8b0c2d';
const STAFF = '3b5d7f9a-1c3e-4b5d-9f7a-8c0e2a4b6d8f';
const APPOINTMENT = '5c7e9a1b-3d5f-4c7e-a9b1-0d2f4a6c8e0b';
