/// The first-launch screens, as two lines of text. The `skipOnboarding` flag goes straight to the list.
enum Onboarding {
    static func show() {
        print("onboarding: Countries lists the countries of the world with their capitals.")
        print("onboarding: skip this next time with -skipOnboarding YES")
    }
}
