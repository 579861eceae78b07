// Starts Swagger UI on the document this server describes. Everything it
// loads comes from this server; the validator badge (which would ask
// validator.swagger.io) is off.
window.addEventListener("load", function () {
  var el = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: el.getAttribute("data-openapi-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
