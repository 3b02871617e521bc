// The API page: Swagger UI from the server's own files (no CDN), on its OpenAPI document.
// A file of its own, not an inline script: the server's Content-Security-Policy allows none.
window.addEventListener("load", () => {
  window.ui = SwaggerUIBundle({
    url: "openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
