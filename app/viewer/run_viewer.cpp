// Window, GL and ImGui set-up and shutdown, in the order of Dear ImGui's
// example_glfw_opengl3/main.cpp; everything in between is ViewerApp.

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/core/glossary.h"
#include "app/core/session_file.h"
#include "app/core/workspace_layout.h"
#include "app/viewer/run_viewer.h"
#include "app/viewer/viewer_app.h"
#include "render/gl/debug.h"
#include "render/gl/program.h"

namespace app {

namespace {

void on_glfw_error(int code, const char* description) {
    std::fprintf(stderr, "raypick: GLFW error %d: %s\n", code, description);
}

ViewerApp* app_of(GLFWwindow* window) {
    return static_cast<ViewerApp*>(glfwGetWindowUserPointer(window));
}

void install_callbacks(GLFWwindow* window) {
    // Ours, not ImGui's (it is initialised without callbacks): each event goes to the app
    // first, then to ImGui's backend; keys pass through the app's KeyTrickle on their way.
    glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
        if (auto* app = app_of(w)) app->on_mouse_button(button, action, mods);
        ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
    });
    glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
        if (auto* app = app_of(w)) app->on_cursor(x, y);
    });
    glfwSetScrollCallback(window, [](GLFWwindow* w, double dx, double dy) {
        if (auto* app = app_of(w)) app->on_scroll(dy);
        ImGui_ImplGlfw_ScrollCallback(w, dx, dy);
    });
    glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
        if (auto* app = app_of(w)) app->on_key(key, scancode, action, mods);
    });
    glfwSetCharCallback(window, ImGui_ImplGlfw_CharCallback);
    glfwSetWindowFocusCallback(window, ImGui_ImplGlfw_WindowFocusCallback);
    glfwSetCursorEnterCallback(window, ImGui_ImplGlfw_CursorEnterCallback);
    glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
        if (auto* app = app_of(w); app && count > 0) app->on_drop(paths[0]);
    });
}

void load_font(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
    std::error_code ec;
    if (std::filesystem::exists(font, ec))
        io.Fonts->AddFontFromFileTTF(font, kUiFontPixels * scale);
    else
        io.Fonts->AddFontDefault();
    // The seeds' titles (and a quote in their notes) are Chinese, which DejaVu lacks: their
    // characters (only those, a small
    // atlas) come from WenQuanYi Micro Hei, merged into the font. Without it they show as '?'.
    const char* cjk = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
    if (std::filesystem::exists(cjk, ec)) {
        static ImVector<ImWchar> ranges;  // read when the atlas is built, after this returns
        ImFontGlyphRangesBuilder builder;
        for (const SeedDocument& seed : seed_documents())
            for (const std::string_view text : {seed.original, seed.in_app})
                builder.AddText(text.data(), text.data() + text.size());
        for (const std::string_view text : {kSeedSlabRuleQuote, kSeedNanQuote})
            builder.AddText(text.data(), text.data() + text.size());
        builder.BuildRanges(&ranges);
        ImFontConfig config;
        config.MergeMode = true;
        io.Fonts->AddFontFromFileTTF(cjk, kUiFontPixels * scale, &config, ranges.Data);
    }
    ImGui::GetStyle().ScaleAllSizes(scale);
}

}  // namespace

int run_viewer(const ViewerOptions& options) {
    // 0. A session file that cannot be opened is a bad argument, told before any window.
    if (!options.session.empty()) {
        try {
            (void)read_session_file(options.session);
        } catch (const std::exception& e) {
            std::cerr << "raypick: --session " << e.what() << "\n";
            return 2;
        }
    }

    // 1. GLFW and the window
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        std::cerr << "raypick: cannot open a window (no display?). Set DISPLAY, or run under "
                     "xvfb-run; 'raypick pick' works without one.\n";
        return 1;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
#ifndef NDEBUG
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, GLFW_TRUE);
#endif
    GLFWwindow* window =
        glfwCreateWindow(options.size.x, options.size.y, "raypick", nullptr, nullptr);
    if (!window) {
        std::cerr << "raypick: could not create an OpenGL 3.3 core window\n";
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    glfwSwapInterval(1);

    // 2. OpenGL functions
    if (!gladLoadGL(glfwGetProcAddress)) {
        std::cerr << "raypick: could not load OpenGL 3.3 functions\n";
        glfwDestroyWindow(window);
        glfwTerminate();
        return 1;
    }
#ifndef NDEBUG
    render::gl::enable_debug_output();
#endif

    // 3. Dear ImGui
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // The workspace keeps its own layout (app/viewer/workspace.h): no imgui.ini anywhere.
    io.IniFilename = nullptr;
    ImGui::StyleColorsDark();
    // Opaque panels: text under a panel never shows through it.
    ImGuiStyle& style = ImGui::GetStyle();
    style.Colors[ImGuiCol_WindowBg].w = 1.0f;
    style.Colors[ImGuiCol_PopupBg].w = 1.0f;
    float scale_x = 1.0f, scale_y = 1.0f;
    glfwGetWindowContentScale(window, &scale_x, &scale_y);
    load_font(std::max(1.0f, scale_y));

    int status = 1;
    bool backends_ready = false;
    try {
        ViewerApp app(window, options);
        glfwSetWindowUserPointer(window, &app);
        install_callbacks(window);
        ImGui_ImplGlfw_InitForOpenGL(window, false);
        ImGui_ImplOpenGL3_Init("#version 330 core");
        backends_ready = true;

        // 4. The loop
        status = app.run();
    } catch (const std::exception& e) {
        std::cerr << "raypick: " << e.what() << "\n";
        status = 1;
    }

    // 5. Shutdown, in reverse
    glfwSetWindowUserPointer(window, nullptr);
    if (backends_ready) {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
    }
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

}  // namespace app
