#include "fuzz/assimp_scene_generator.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <assimp/anim.h>
#include <assimp/material.h>
#include <assimp/mesh.h>

namespace fuzz {

namespace {

/// Draws the scene's parts; `chaos` (0..8) is how often a number is unusual or an index is out
/// of range, in 64ths.
class Generator {
  public:
    explicit Generator(FuzzedDataProvider& in) : in_(in) {
        chaos_ = in_.ConsumeIntegralInRange<unsigned>(0, 8);
    }

    std::unique_ptr<aiScene> scene() {
        auto scene = std::make_unique<aiScene>();
        if (in_.ConsumeBool()) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
        materials(*scene);
        meshes(*scene);
        if (!unusual()) scene->mRootNode = nodes(*scene);
        animations(*scene);
        return scene;
    }

  private:
    FuzzedDataProvider& in_;
    unsigned chaos_ = 0;

    bool unusual() { return in_.ConsumeIntegralInRange<unsigned>(0, 63) < chaos_; }

    unsigned count(unsigned most) { return in_.ConsumeIntegralInRange<unsigned>(0, most); }

    float number() {
        if (unusual()) {
            constexpr std::array<float, 7> kUnusual = {std::numeric_limits<float>::quiet_NaN(),
                                                       std::numeric_limits<float>::infinity(),
                                                       -std::numeric_limits<float>::infinity(),
                                                       std::numeric_limits<float>::max(),
                                                       -std::numeric_limits<float>::max(),
                                                       std::numeric_limits<float>::denorm_min(),
                                                       0.0f};
            return kUnusual[in_.ConsumeIntegralInRange<std::size_t>(0, kUnusual.size() - 1)];
        }
        return in_.ConsumeFloatingPointInRange<float>(-10.0f, 10.0f);
    }

    double time() {
        if (unusual()) {
            constexpr std::array<double, 5> kUnusual = {
                std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                -std::numeric_limits<double>::infinity(), 1e300, -1.0};
            return kUnusual[in_.ConsumeIntegralInRange<std::size_t>(0, kUnusual.size() - 1)];
        }
        return in_.ConsumeFloatingPointInRange<double>(0.0, 100.0);
    }

    /// An index below `size`, or (when unusual) anything.
    unsigned index(unsigned size) {
        if (size == 0 || unusual()) return in_.ConsumeIntegral<unsigned>() % (size + 3);
        return in_.ConsumeIntegralInRange<unsigned>(0, size - 1);
    }

    /// Names bones and channels can share with nodes, or raw bytes.
    aiString name() {
        static const std::array<const char*, 6> kPool = {"root", "hip", "knee", "foot", "", "hip"};
        std::string text;
        if (in_.ConsumeIntegralInRange(0, 7) == 0)
            text = in_.ConsumeRandomLengthString(24);
        else
            text = kPool[in_.ConsumeIntegralInRange<std::size_t>(0, kPool.size() - 1)];
        aiString s;
        s.Set(text);
        return s;
    }

    aiVector3D vector() {
        aiVector3D v;
        v.x = number();
        v.y = number();
        v.z = number();
        return v;
    }

    aiMatrix4x4 matrix() {
        aiMatrix4x4 m;  // identity
        if (in_.ConsumeBool()) {
            m.a4 = number();  // a translation
            m.b4 = number();
            m.c4 = number();
        }
        if (in_.ConsumeIntegralInRange(0, 3) == 0) {
            for (ai_real* e : {&m.a1, &m.a2, &m.a3, &m.b1, &m.b2, &m.b3, &m.c1, &m.c2, &m.c3})
                *e = number();
        }
        if (unusual()) m.d1 = number();  // not affine
        return m;
    }

    /// Whether an array of `n` elements is left null (the pairing aiScene's destructors allow:
    /// they check the pointer as well as the count), and then sometimes any count at all.
    bool null_array(unsigned& n) {
        if (!unusual()) return false;
        if (unusual()) n = in_.ConsumeIntegral<unsigned>();
        return true;
    }

    /// new T*[n] filled by make(); null for n == 0, or as null_array() decides.
    template <class T, class Make>
    T** pointers(unsigned& n, Make make) {
        if (n == 0 || null_array(n)) return nullptr;
        T** array = new T*[n];
        for (unsigned i = 0; i < n; ++i)
            array[i] = make();
        return array;
    }

    /// new T[n] filled by make(); null as for pointers().
    template <class T, class Make>
    T* values(unsigned& n, Make make) {
        if (n == 0 || null_array(n)) return nullptr;
        T* array = new T[n];
        for (unsigned i = 0; i < n; ++i)
            array[i] = make();
        return array;
    }

    void materials(aiScene& scene) {
        scene.mNumMaterials = count(4);
        scene.mMaterials = pointers<aiMaterial>(scene.mNumMaterials, [&] {
            auto* material = new aiMaterial();
            if (in_.ConsumeBool()) {
                const aiString n = name();
                material->AddProperty(&n, AI_MATKEY_NAME);
            }
            if (in_.ConsumeBool()) {
                const aiColor3D color(number(), number(), number());
                material->AddProperty(&color, 1, AI_MATKEY_COLOR_DIFFUSE);
            }
            return material;
        });
    }

    void meshes(aiScene& scene) {
        scene.mNumMeshes = count(4);
        scene.mMeshes = pointers<aiMesh>(scene.mNumMeshes, [&]() -> aiMesh* {
            if (unusual()) return nullptr;
            return mesh(scene);
        });
    }

    aiMesh* mesh(const aiScene& scene) {
        auto* mesh = new aiMesh();
        mesh->mName = name();
        mesh->mNumVertices = count(48);
        mesh->mVertices = values<aiVector3D>(mesh->mNumVertices, [&] { return vector(); });
        // The normals share the vertices' count: a null array may not change it, and a count
        // made huge by a null vertex array leaves them null too.
        unsigned normals = mesh->mNumVertices;
        if (normals <= 48 && in_.ConsumeBool())
            mesh->mNormals = values<aiVector3D>(normals, [&] { return vector(); });
        mesh->mNumFaces = count(48);
        // Faces are filled in place: aiFace's copy would read a null index array.
        mesh->mFaces = values<aiFace>(mesh->mNumFaces, [] { return aiFace(); });
        for (unsigned f = 0; f < (mesh->mFaces != nullptr ? mesh->mNumFaces : 0u); ++f) {
            aiFace& face = mesh->mFaces[f];
            face.mNumIndices = unusual() ? count(4) : 3;
            face.mIndices =
                values<unsigned>(face.mNumIndices, [&] { return index(mesh->mNumVertices); });
        }
        mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        mesh->mMaterialIndex = index(scene.mNumMaterials);
        mesh->mNumBones = count(4);
        mesh->mBones = pointers<aiBone>(mesh->mNumBones, [&]() -> aiBone* {
            if (unusual()) return nullptr;
            auto* bone = new aiBone();
            bone->mName = name();
            bone->mOffsetMatrix = matrix();
            bone->mNumWeights = count(24);
            bone->mWeights = values<aiVertexWeight>(bone->mNumWeights, [&] {
                return aiVertexWeight(index(mesh->mNumVertices),
                                      unusual() ? number() : in_.ConsumeProbability<float>());
            });
            return bone;
        });
        mesh->mNumAnimMeshes = count(2);
        mesh->mAnimMeshes = pointers<aiAnimMesh>(mesh->mNumAnimMeshes, [&]() -> aiAnimMesh* {
            if (unusual()) return nullptr;
            auto* target = new aiAnimMesh();
            target->mName = name();
            target->mWeight = unusual() ? number() : in_.ConsumeProbability<float>();
            target->mNumVertices =
                unusual() || mesh->mNumVertices > 48 ? count(48) : mesh->mNumVertices;
            unsigned normals = target->mNumVertices;
            target->mVertices = values<aiVector3D>(target->mNumVertices, [&] { return vector(); });
            if (in_.ConsumeBool())
                target->mNormals = values<aiVector3D>(normals, [&] { return vector(); });
            return target;
        });
        return mesh;
    }

    /// A tree: every new node hangs under one already made. A node may claim children with
    /// a null array (then it has none: nothing would own them).
    aiNode* nodes(const aiScene& scene) {
        std::vector<aiNode*> made{new aiNode()};
        std::vector<std::vector<aiNode*>> children(1);
        std::vector<bool> null_children{unusual()};
        const unsigned total = 1 + count(23);
        for (unsigned n = 1; n < total; ++n) {
            const unsigned parent =
                in_.ConsumeIntegralInRange<unsigned>(0, unsigned(made.size()) - 1);
            if (null_children[parent]) continue;
            made.push_back(new aiNode());
            made.back()->mParent = made[parent];
            children[parent].push_back(made.back());
            children.emplace_back();
            null_children.push_back(unusual());
        }
        for (std::size_t n = 0; n < made.size(); ++n) {
            aiNode& node = *made[n];
            node.mName = name();
            node.mTransformation = matrix();
            node.mNumMeshes = count(3);
            node.mMeshes =
                values<unsigned>(node.mNumMeshes, [&] { return index(scene.mNumMeshes); });
            if (null_children[n]) {
                node.mNumChildren = 1 + count(2);
                continue;
            }
            node.mNumChildren = unsigned(children[n].size());
            if (node.mNumChildren == 0) continue;
            node.mChildren = new aiNode*[node.mNumChildren];
            for (std::size_t c = 0; c < children[n].size(); ++c)
                node.mChildren[c] = children[n][c];
        }
        return made[0];
    }

    void animations(aiScene& scene) {
        scene.mNumAnimations = count(2);
        scene.mAnimations = pointers<aiAnimation>(scene.mNumAnimations, [&]() -> aiAnimation* {
            if (unusual()) return nullptr;
            auto* animation = new aiAnimation();
            animation->mName = name();
            animation->mDuration = time();
            animation->mTicksPerSecond =
                unusual() ? time() : in_.ConsumeFloatingPointInRange<double>(0.0, 60.0);
            animation->mNumChannels = count(4);
            animation->mChannels =
                pointers<aiNodeAnim>(animation->mNumChannels, [&]() -> aiNodeAnim* {
                    if (unusual()) return nullptr;
                    return node_channel();
                });
            animation->mNumMorphMeshChannels = count(2);
            animation->mMorphMeshChannels = pointers<aiMeshMorphAnim>(
                animation->mNumMorphMeshChannels, [&] { return morph_channel(); });
            animation->mNumMeshChannels = count(1);
            animation->mMeshChannels = pointers<aiMeshAnim>(animation->mNumMeshChannels, [&] {
                auto* channel = new aiMeshAnim();
                channel->mName = name();
                return channel;
            });
            return animation;
        });
    }

    aiNodeAnim* node_channel() {
        auto* channel = new aiNodeAnim();
        channel->mNodeName = name();
        channel->mPreState = aiAnimBehaviour(in_.ConsumeIntegralInRange(0, 3));
        channel->mPostState = aiAnimBehaviour(in_.ConsumeIntegralInRange(0, 3));
        channel->mNumPositionKeys = count(6);
        channel->mPositionKeys = values<aiVectorKey>(channel->mNumPositionKeys,
                                                     [&] { return aiVectorKey(time(), vector()); });
        channel->mNumRotationKeys = count(6);
        channel->mRotationKeys = values<aiQuatKey>(channel->mNumRotationKeys, [&] {
            return aiQuatKey(time(), aiQuaternion(number(), number(), number(), number()));
        });
        channel->mNumScalingKeys = count(6);
        channel->mScalingKeys = values<aiVectorKey>(channel->mNumScalingKeys,
                                                    [&] { return aiVectorKey(time(), vector()); });
        return channel;
    }

    aiMeshMorphAnim* morph_channel() {
        auto* channel = new aiMeshMorphAnim();
        channel->mName = name();
        channel->mNumKeys = count(4);
        if (channel->mNumKeys > 0 && !unusual()) {
            channel->mKeys = new aiMeshMorphKey[channel->mNumKeys];
            for (unsigned k = 0; k < channel->mNumKeys; ++k) {
                aiMeshMorphKey& key = channel->mKeys[k];
                key.mTime = time();
                key.mNumValuesAndWeights = count(4);
                // Both arrays or neither: the key's destructor frees them only together.
                if (key.mNumValuesAndWeights == 0 || unusual()) continue;
                key.mValues = new unsigned[key.mNumValuesAndWeights];
                key.mWeights = new double[key.mNumValuesAndWeights];
                for (unsigned i = 0; i < key.mNumValuesAndWeights; ++i) {
                    key.mValues[i] = unusual() ? in_.ConsumeIntegral<unsigned>() : count(3);
                    key.mWeights[i] =
                        unusual() ? double(number()) : in_.ConsumeProbability<double>();
                }
            }
        }
        return channel;
    }
};

}  // namespace

std::unique_ptr<aiScene> generate_assimp_scene(FuzzedDataProvider& in) {
    return Generator(in).scene();
}

}  // namespace fuzz
