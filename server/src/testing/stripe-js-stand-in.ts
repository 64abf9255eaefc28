/**
 * The stand-in's Stripe.js (served at `<stand-in>/v3/`, STRIPE_JS_URL in tests): the few calls
 * the checkout page makes, with Stripe.js's names and answers. The payment element shows a card
 * field; confirming asks the stand-in to confirm the payment (as Stripe would once the card is
 * charged) and then goes to the return URL with Stripe's query parameters, as Stripe.js does.
 */
export const STRIPE_JS_STAND_IN = `(function () {
  var STAND_IN = "__STAND_IN_URL__";
  function Elements(clientSecret, account) { this.clientSecret = clientSecret; this.account = account; this.card = null; }
  Elements.prototype.create = function () {
    var elements = this;
    return {
      mount: function (target) {
        var el = typeof target === "string" ? document.querySelector(target) : target;
        el.innerHTML = '<div data-testid="stripe-payment-element" style="padding:12px;border:1px solid #ccc;border-radius:6px">' +
          '<label style="display:block">Card number <input aria-label="Card number" value="4242 4242 4242 4242" style="width:100%"></label></div>';
        elements.card = el.querySelector("input");
      },
      unmount: function () {},
      destroy: function () { elements.card = null; },
      on: function () {},
    };
  };
  Elements.prototype.submit = function () { return Promise.resolve({}); };
  function confirm(elements, returnUrl, kind, redirect) {
    var card = elements.card ? elements.card.value.replace(/\\s+/g, "") : "";
    return fetch(STAND_IN + "/_stand-in/confirm", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_secret: elements.clientSecret, account: elements.account, card: card }) })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) return { error: body.error || { type: "invalid_request_error", message: "This payment could not be confirmed." } };
          var id = body.payment_intent || body.setup_intent;
          if (redirect === "if_required") return kind === "payment_intent" ? { paymentIntent: { id: id, status: "succeeded" } } : { setupIntent: { id: id, status: "succeeded" } };
          var url = new URL(returnUrl);
          url.searchParams.set(kind, id);
          url.searchParams.set(kind + "_client_secret", elements.clientSecret);
          url.searchParams.set("redirect_status", "succeeded");
          window.location.assign(url.toString());
          return new Promise(function () {});
        });
      });
  }
  window.Stripe = function (key, options) {
    if (!key) throw new Error("Stripe(): a publishable key is required");
    var account = options && options.stripeAccount;
    return {
      elements: function (options) { return new Elements(options && options.clientSecret, account); },
      confirmPayment: function (options) { return confirm(options.elements, options.confirmParams && options.confirmParams.return_url, "payment_intent", options.redirect); },
      confirmSetup: function (options) { return confirm(options.elements, options.confirmParams && options.confirmParams.return_url, "setup_intent", options.redirect); },
    };
  };
})();
`;
